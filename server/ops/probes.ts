/**
 * Operator endpoints on the site: liveness (/healthz), readiness (/readyz) and,
 * only when METRICS_TOKEN is set, /metrics behind that bearer token.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "#server/content/context.ts";
import { pendingMigrations } from "#server/db/migrate.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { metricsText } from "#server/base/metrics.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";

const noStore = { "Cache-Control": "no-store" };

const livenessSchema = z.object({ status: z.literal("ok") });
const readinessSchema = z.object({
  status: z.enum(["ready", "draining", "migrations pending", "database unreachable"]),
  database: z.enum(["sqlite", "postgres"]),
  contentVersion: z.number().optional(),
  pending: z.array(z.string()).optional().meta({ description: "Migrations not yet applied." }),
});

/** Compares digests, so neither the token's length nor its bytes leak through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface ProbeOptions {
  /** True once a shutdown has begun: the instance is alive but should get no new traffic. */
  isDraining?: () => boolean;
}

export function probeRoutes(services: AppServices, options: ProbeOptions = {}) {
  const app = new Hono<HttpEnv>();

  // Liveness: the process answers. Never touches the database, so an outage does not get healthy instances restarted.
  const liveness = apiRoute({
    tag: "Probes",
    summary: "Liveness: the process answers",
    success: { status: 200, description: "Alive.", schema: livenessSchema },
  });
  app.get("/healthz", liveness, (c) => c.json({ status: "ok" } satisfies Answer<typeof livenessSchema>, 200, noStore));

  const readiness = apiRoute({
    tag: "Probes",
    summary: "Readiness: the database answers and every migration is applied",
    success: { status: 200, description: "Ready.", schema: readinessSchema },
    otherResponses: {
      503: {
        description: "Not ready: database unreachable, migrations pending (named), or draining for a shutdown.",
        schema: readinessSchema,
      },
    },
  });
  app.get("/readyz", readiness, async (c) => {
    const { dialect } = services.database;
    if (options.isDraining?.())
      return c.json({ status: "draining", database: dialect } satisfies Answer<typeof readinessSchema>, 503, noStore);
    try {
      const pending = await pendingMigrations(services.database);
      if (pending.length > 0)
        return c.json(
          { status: "migrations pending", database: dialect, pending } satisfies Answer<typeof readinessSchema>,
          503,
          noStore,
        );
      return c.json(
        { status: "ready", database: dialect, contentVersion: services.content.current().version } satisfies Answer<
          typeof readinessSchema
        >,
        200,
        noStore,
      );
    } catch {
      return c.json(
        { status: "database unreachable", database: dialect } satisfies Answer<typeof readinessSchema>,
        503,
        noStore,
      );
    }
  });

  const token = services.config.metrics.token;
  if (token) {
    app.get("/metrics", async (c) => {
      const given = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
      if (!sameSecret(given, token)) {
        const refused = errorResponse(401, "unauthenticated", "Metrics need the METRICS_TOKEN as a bearer token.");
        refused.headers.set("WWW-Authenticate", 'Bearer realm="metrics"');
        return refused;
      }
      const { body, contentType } = await metricsText();
      return c.body(body, 200, { "Content-Type": contentType, ...noStore });
    });
  }
  return app;
}
