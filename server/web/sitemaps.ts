/**
 * /sitemap.xml (a sitemap index) and its children /sitemaps/{pages|articles}-N.xml
 * (server/content/sitemap.ts). A child is streamed while it is generated the
 * first time, then kept in the response cache and compressed once; an article
 * edit drops only the child listing that article, and the index.
 */
import { SHOWS_JOB_LABELS } from "#server/content/changes.ts";
import { Hono } from "hono";
import type { AppServices } from "#server/content/context.ts";
import { createSitemaps, parseSitemapChild, type SitemapChild } from "#server/content/sitemap.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import type { ResponseCache } from "./response-cache.ts";
import { sendCached } from "./public-api.ts";

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" };
const INDEX_KEY = "sitemap:index";
const childKey = (child: SitemapChild) => `sitemap:${child.kind}-${child.index}`;

export function sitemapRoutes(services: AppServices, responses: ResponseCache) {
  const { content, config } = services;
  const sitemaps = createSitemaps({
    resident: () => content.current(),
    articles: content.articles,
    publicUrl: config.publicUrl,
    chunkUrls: config.sitemapChunkUrls,
  });
  content.onChange((change) => {
    // "everything" clears the whole response cache already (page-cache.ts).
    if (change.kind === "articles")
      responses.invalidate([
        INDEX_KEY,
        ...change.articles.map((article) => childKey(sitemaps.childOfArticle(article.id))),
      ]);
  });
  const app = new Hono<HttpEnv>();

  app.get("/sitemap.xml", async (c) => {
    let entry = responses.get(INDEX_KEY);
    if (!entry) {
      const since = responses.generation;
      const body = Buffer.from(await sitemaps.index());
      entry = responses.put(INDEX_KEY, { status: 200, headers: XML_HEADERS, body, shows: new Set([INDEX_KEY]) }, since);
    }
    return sendCached(c, responses, INDEX_KEY, entry);
  });

  app.get("/sitemaps/:name", async (c) => {
    const child = parseSitemapChild(c.req.param("name"));
    if (!child) return errorResponse(404, "not_found", "No such sitemap.");
    const key = childKey(child);
    const cached = responses.get(key);
    if (cached) return sendCached(c, responses, key, cached);
    const since = responses.generation;
    const pieces = await sitemaps.child(child);
    if (!pieces) return errorResponse(404, "not_found", "No such sitemap.");
    const kept: Buffer[] = [];
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next: IteratorResult<string> = await pieces.next();
        if (next.done) {
          // It answered the request that streamed it: its compressed copy comes with the next (decision 0131).
          responses.put(
            key,
            {
              status: 200,
              headers: XML_HEADERS,
              body: Buffer.concat(kept),
              // Job pages' addresses are named by their labels (decision 0222).
              shows: new Set(child.kind === "pages" ? [key, SHOWS_JOB_LABELS] : [key]),
              answered: true,
            },
            since,
          );
          controller.close();
          return;
        }
        const bytes = Buffer.from(next.value);
        kept.push(bytes);
        controller.enqueue(bytes);
      },
      async cancel() {
        await pieces.return(undefined);
      },
    });
    return c.body(stream, 200, XML_HEADERS);
  });
  app.all("/sitemaps/*", () => errorResponse(404, "not_found", "No such sitemap."));
  return app;
}
