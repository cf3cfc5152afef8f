/**
 * /{lang}/atom.xml: a language's Atom feed (server/content/feed.ts), kept in the
 * response cache like a page of that language's list, so an edit in the language
 * drops it and nothing else does; ETag and 304 as for every cached response.
 * /atom.xml and /rss.xml (where other systems keep theirs) lead to the favorite language's feed.
 */
import { Hono } from "hono";
import { feedPath } from "#core/paths.ts";
import type { AppServices } from "#server/content/context.ts";
import { showsList } from "#server/content/changes.ts";
import { atomFeed } from "#server/content/feed.ts";
import { favoriteLanguage, findEnabledLanguage } from "#server/content/public-sections.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import type { ResponseCache } from "./response-cache.ts";
import { sendCached } from "./public-api.ts";

const FEED_HEADERS = { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, no-cache" };

export function feedRoutes(services: AppServices, responses: ResponseCache) {
  const { content, config } = services;
  const app = new Hono<HttpEnv>();

  app.get("/:lang/atom.xml", async (c) => {
    const resident = content.current();
    const language = findEnabledLanguage(resident, c.req.param("lang"));
    if (!language) return errorResponse(404, "not_found", "No such language.");
    const key = `feed:${language.code}`;
    let entry = responses.get(key);
    if (!entry) {
      const since = responses.generation;
      const body = Buffer.from(await atomFeed(resident, content.articles, language, config.publicUrl));
      entry = responses.put(
        key,
        { status: 200, headers: FEED_HEADERS, body, shows: new Set([showsList(language.code)]) },
        since,
      );
    }
    return sendCached(c, responses, key, entry);
  });

  for (const path of ["/atom.xml", "/rss.xml"]) {
    app.get(path, (c) => {
      const language = favoriteLanguage(content.current());
      return language
        ? c.redirect(feedPath(language.shortCode), 301)
        : errorResponse(404, "not_found", "No language is enabled.");
    });
  }
  return app;
}
