/** Public JSON endpoints: start-up files, analytics events. */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { AppServices } from "#server/context.ts";
import { clientEventSchema, recordEvent } from "#server/analytics/events.ts";
import { INIT_FILE_NAMES, initFile, isInitFileName, type InitFileName } from "#server/content/init-files.ts";
import { apiRoute } from "#server/ops/openapi.ts";
import { z } from "zod";
import { readJson } from "./body.ts";
import type { HttpEnv } from "./env.ts";
import { errorResponse } from "./errors.ts";
import { asBody } from "./page-cache.ts";

function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

export function publicApi(services: AppServices) {
  const app = new Hono<HttpEnv>();
  // Serialised once per snapshot version: the files are read far more often than content changes.
  const initCache = new Map<string, { body: Buffer; etag: string }>();
  services.content.onReload(() => initCache.clear());

  function cachedInitFile(name: InitFileName) {
    const snapshot = services.content.current();
    const key = `${snapshot.version}:${name}`;
    let entry = initCache.get(key);
    if (!entry) {
      const body = Buffer.from(JSON.stringify(initFile(snapshot, name)));
      entry = { body, etag: etagOf(body) };
      initCache.set(key, entry);
    }
    return entry;
  }

  const initFileDoc = apiRoute({
    tag: "Public",
    summary: "A start-up file: the content the browser needs first (blogs, translations or languages)",
    params: { name: z.enum(INIT_FILE_NAMES) },
    success: { status: 200, description: "The file; answers 304 to a matching If-None-Match." },
    otherResponses: { 404: "No start-up file of that name." },
  });
  app.get("/init/file/:name", initFileDoc, (c) => {
    const name = c.req.param("name");
    if (!isInitFileName(name)) {
      return errorResponse(404, "not_found", `There is no start-up file named "${name}". Known files: blogs, translates, languages.`);
    }
    const { body, etag } = cachedInitFile(name);
    const headers = { ETag: etag, "Cache-Control": "public, max-age=0, must-revalidate" };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(asBody(body), 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
  });
  app.all("/init/*", () => errorResponse(404, "not_found", "Unknown start-up file."));

  const eventDoc = apiRoute({ tag: "Public", summary: "Record a first-party analytics event", body: clientEventSchema, success: { status: 201, description: "Recorded." } });
  app.post("/api/analytics/events", eventDoc, async (c) => {
    const event = await readJson(c, clientEventSchema);
    await recordEvent(services.database.db, { name: event.name, uid: c.get("user")?.uid ?? null, path: event.path ?? null });
    return c.json({ recorded: true }, 201);
  });
  return app;
}
