/** Public JSON endpoints: start-up files, analytics events. */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppServices } from "#server/content/context.ts";
import { clientEventSchema, recordEvent } from "#server/analytics/events.ts";
import { SHOWS_ARTICLE_SOURCES } from "#server/content/changes.ts";
import {
  blogsPage,
  INIT_FILE_NAMES,
  initFileSchema,
  INIT_PAGE_DEFAULT_LIMIT,
  INIT_PAGE_MAX_LIMIT,
  initFile,
  isInitFileName,
} from "#server/content/init-files.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { invalid } from "#core/errors.ts";
import { asBody, type CachedResponse, type ResponseCache } from "./response-cache.ts";

const eventRecordedSchema = z.object({ recorded: z.literal(true) });

/** Article ids are 32-bit integers in both databases. */
const MAX_ARTICLE_ID = 2_147_483_647;

const JSON_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "public, max-age=0, must-revalidate",
};

/** A whole number query parameter within [min, max]; absent gives `fallback`. */
function wholeParam(c: Context<HttpEnv>, name: string, min: number, max: number, fallback: number): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw invalid("invalid_query", `${name}: must be a whole number from ${min} to ${max}.`, name);
  }
  return Number(raw);
}

/** Sends a cached response: 304 on a matching If-None-Match (weak comparison), compressed once per encoding. */
export async function sendCached(c: Context<HttpEnv>, responses: ResponseCache, key: string, entry: CachedResponse) {
  const { status, headers, body } = await responses.answer(
    key,
    entry,
    c.req.method,
    c.req.header("if-none-match"),
    c.req.header("accept-encoding"),
  );
  return new Response(asBody(body), { status, headers });
}

/** The seed's start-up files (`/init/file/{name}`), as the OpenAPI document describes them. */
const initFileDoc = apiRoute({
  tag: "Public",
  summary: "A start-up file: the content the browser needs first (blogs, translations or languages); blogs is paged",
  params: { name: z.enum(INIT_FILE_NAMES) },
  query: z.object({
    after: z
      .number()
      .int()
      .min(0)
      .max(MAX_ARTICLE_ID)
      .optional()
      .describe("blogs only: the cursor from the previous page's `next` (an article id)"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(INIT_PAGE_MAX_LIMIT)
      .optional()
      .describe(`blogs only: articles per page (default ${INIT_PAGE_DEFAULT_LIMIT})`),
  }),
  success: {
    status: 200,
    description:
      "The file (`data.documents`; blogs adds `next`, also a Link header); answers 304 to a matching If-None-Match.",
    schema: initFileSchema,
  },
  otherResponses: { 404: "No start-up file of that name." },
});

/** First-party analytics events. */
const eventDoc = apiRoute({
  tag: "Public",
  summary: "Record a first-party analytics event",
  body: clientEventSchema,
  success: { status: 201, description: "Recorded.", schema: eventRecordedSchema },
  otherResponses: { 429: "Too many events from your address: try again after Retry-After seconds." },
});

export function publicApi(services: AppServices, responses: ResponseCache) {
  const app = new Hono<HttpEnv>();

  app.get("/init/file/:name", initFileDoc, async (c) => {
    const name = c.req.param("name");
    if (!isInitFileName(name)) {
      return errorResponse(
        404,
        "not_found",
        `There is no start-up file named "${name}". Known files: blogs, translates, languages.`,
      );
    }
    if (name !== "blogs") {
      const key = `init:${name}`;
      const since = responses.generation;
      const entry =
        responses.get(key) ??
        responses.put(
          key,
          {
            status: 200,
            headers: JSON_HEADERS,
            body: Buffer.from(JSON.stringify(initFile(services.content.current(), name))),
            shows: new Set(),
          },
          since,
        );
      return sendCached(c, responses, key, entry);
    }
    const after = wholeParam(c, "after", 0, MAX_ARTICLE_ID, 0);
    const limit = wholeParam(c, "limit", 1, INIT_PAGE_MAX_LIMIT, INIT_PAGE_DEFAULT_LIMIT);
    const key = `init:blogs?after=${after}&limit=${limit}`;
    let entry = responses.get(key);
    if (!entry) {
      const since = responses.generation;
      const page = await blogsPage(services.content.articles, after, limit);
      const next = page.nextAfter === null ? null : `/init/file/blogs?after=${page.nextAfter}&limit=${limit}`;
      const body = Buffer.from(`{"data":{"documents":[${page.documents}]},"next":${JSON.stringify(next)}}`);
      const headers: Record<string, string> = { ...JSON_HEADERS, ...(next ? { Link: `<${next}>; rel="next"` } : {}) };
      entry = responses.put(key, { status: 200, headers, body, shows: new Set([SHOWS_ARTICLE_SOURCES]) }, since);
    }
    return sendCached(c, responses, key, entry);
  });
  app.all("/init/*", () => errorResponse(404, "not_found", "Unknown start-up file."));

  app.post("/api/analytics/events", eventDoc, async (c) => {
    const event = await readJson(c, clientEventSchema);
    await recordEvent(services.database.db, {
      name: event.name,
      uid: c.get("user")?.uid ?? null,
      path: event.path ?? null,
    });
    return c.json({ recorded: true } satisfies Answer<typeof eventRecordedSchema>, 201);
  });
  return app;
}
