/**
 * The content delivery API under /api/content/v1 (docs/api.md "Content delivery API", decision 0200): read-only,
 * with an API key (./content-keys.ts), per language with the site's fallback chains applied and marked. Answers
 * are kept in the response cache the pages share (./response-cache.ts): a strong ETag each (304 on If-None-Match),
 * named by what they show so a content change drops exactly them, here and — by Surrogate-Key — in a CDN (./cdn.ts).
 */
import { Hono, type Context } from "hono";
import type { z } from "zod";
import type { AppServices } from "#server/content/context.ts";
import { SHOWS_JOB_LABELS, showsArticle, showsList, showsTagNames } from "#server/content/changes.ts";
import { articlePage, deliveredArticle, deliveredJobs, deliveredStrings } from "#server/content/delivery.ts";
import {
  articleIdParam,
  articleListQuery,
  articleListResponse,
  articleResponse,
  CONTENT_API_PREFIX,
  CONTENT_PAGE_DEFAULT_LIMIT,
  encodeArticleCursor,
  jobListQuery,
  jobsResponse,
  JOBS_PAGE_DEFAULT_LIMIT,
  languageParam,
  languagesResponse,
  slugParam,
  stringsResponse,
  tagsResponse,
} from "#server/content/delivery-schema.ts";
import type { Language } from "#server/content/resident.ts";
import { chainCodes, listChainCodes } from "#server/content/public-sections.ts";
import { apiRoute, type Answer, type ApiRouteDoc } from "#server/http/openapi.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { readQuery } from "#server/http/query.ts";
import { validateInput } from "#server/http/validate.ts";
import { forbidden, notFound } from "#core/errors.ts";
import { contentKeyAccess } from "./content-keys.ts";
import type { ResponseCache } from "./response-cache.ts";
import { sendCached } from "./public-api.ts";

const JSON_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "public, max-age=0, must-revalidate",
};

const langParams = { lang: languageParam };

/** A route's OpenAPI description: a read of the Content tag, answering 304 to a matching If-None-Match. */
const contentRoute = (
  summary: string,
  schema: z.ZodType,
  more: Pick<ApiRouteDoc, "params" | "query" | "otherResponses" | "description"> = {},
) =>
  apiRoute({
    tag: "Content",
    summary,
    ...more,
    conditional: "read",
    success: { status: 200, description: "The content; answers 304 to a matching If-None-Match.", schema },
  });

const UNKNOWN_LANGUAGE = { 404: "No enabled language with this code." };

/** What every route uses: the request's readable languages, its path's language, and the cached answer. */
function contentReads(services: AppServices, responses: ResponseCache) {
  /** The enabled languages the request's key may read. */
  const readable = (c: Context<HttpEnv>) => {
    const scope = c.get("apiKey")?.languages ?? [];
    return new Set(
      services.content
        .current()
        .languages.filter((language) => language.enabled && (scope.length === 0 || scope.includes(language.code)))
        .map((language) => language.code),
    );
  };
  /** The path's language: enabled (else 404) and in the key's scope (else 403). */
  const languageOf = (c: Context<HttpEnv>): Language => {
    const code = validateInput(languageParam, c.req.param("lang"), "lang");
    const language = services.content
      .current()
      .languages.find((candidate) => candidate.code === code && candidate.enabled);
    if (!language) throw notFound("unknown_language", `lang: there is no enabled language ${code}.`, "lang");
    const scope = c.get("apiKey")?.languages ?? [];
    if (scope.length > 0 && !scope.includes(code))
      throw forbidden("forbidden", `lang: this API key may read ${scope.join(", ")} only, not ${code}.`, "lang");
    return language;
  };
  /** Answers from the cache, building (and keeping) the answer on a miss; keys differ by the key's scope, which alternates follow. */
  async function answer(
    c: Context<HttpEnv>,
    key: string,
    build: () => Promise<{ body: unknown; shows: Set<string>; headers?: Record<string, string> }>,
  ) {
    const scoped = `content:${[...readable(c)].sort().join(",")}:${key}`;
    let entry = responses.get(scoped);
    if (!entry) {
      const since = responses.generation;
      const built = await build();
      const body = Buffer.from(JSON.stringify(built.body));
      entry = responses.put(
        scoped,
        { status: 200, headers: { ...JSON_HEADERS, ...built.headers }, body, shows: built.shows },
        since,
      );
    }
    return sendCached(c, responses, scoped, entry);
  }

  return { services, db: services.database.db, readable, languageOf, answer };
}

type ContentReads = ReturnType<typeof contentReads>;

/** The languages and their UI strings. */
function languageRoutes(app: Hono<HttpEnv>, { services, readable, languageOf, answer }: ContentReads) {
  app.get(
    `${CONTENT_API_PREFIX}/languages`,
    contentRoute("The enabled languages the key may read, with their fallback chains", languagesResponse),
    (c) =>
      answer(c, "languages", async () => {
        const resident = services.content.current();
        const scope = readable(c);
        const data = resident.languages
          .filter((language) => scope.has(language.code))
          .map((language) => ({
            code: language.code,
            shortCode: language.shortCode,
            label: language.label,
            dir: language.dir,
            favorite: language.favorite,
            fallbacks: chainCodes(resident, language).slice(1),
            listsBorrow: language.listFallbackArticles,
          }));
        return { body: { data } satisfies Answer<typeof languagesResponse>, shows: new Set() };
      }),
  );

  app.get(
    `${CONTENT_API_PREFIX}/:lang/strings`,
    contentRoute("A language's UI strings, each marked with the language it came from", stringsResponse, {
      params: langParams,
      otherResponses: UNKNOWN_LANGUAGE,
    }),
    (c) => {
      const language = languageOf(c);
      return answer(c, `strings:${language.code}`, async () => ({
        body: {
          language: language.code,
          data: deliveredStrings(services.content.current(), language),
        } satisfies Answer<typeof stringsResponse>,
        shows: new Set(),
      }));
    },
  );
}

/** The ROME jobs and the tags. */
function referenceRoutes(app: Hono<HttpEnv>, { services, languageOf, answer }: ContentReads) {
  app.get(
    `${CONTENT_API_PREFIX}/:lang/jobs`,
    contentRoute(
      "A page of the ROME jobs in code order, labels in the language or marked as a fallback's",
      jobsResponse,
      { params: langParams, query: jobListQuery, otherResponses: UNKNOWN_LANGUAGE },
    ),
    (c) => {
      const language = languageOf(c);
      const query = readQuery(c, jobListQuery);
      const limit = query.limit ?? JOBS_PAGE_DEFAULT_LIMIT;
      const after = query.after ?? null;
      return answer(c, `jobs:${language.code}?after=${after ?? ""}&limit=${limit}`, async () => {
        const page = deliveredJobs(services.content.current(), language, after, limit);
        const { next } = page;
        return {
          body: { language: language.code, data: page.items, next } satisfies Answer<typeof jobsResponse>,
          shows: new Set([SHOWS_JOB_LABELS]),
          headers: next ? { Link: `<${c.req.path}?after=${next}&limit=${limit}>; rel="next"` } : undefined,
        };
      });
    },
  );

  app.get(
    `${CONTENT_API_PREFIX}/:lang/tags`,
    contentRoute("The tags of a language's published articles, with how many carry each", tagsResponse, {
      params: langParams,
      otherResponses: UNKNOWN_LANGUAGE,
    }),
    (c) => {
      const language = languageOf(c);
      return answer(c, `tags:${language.code}`, async () => {
        const tags = await services.content.articles.tagsIn(language.code);
        tags.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        const names = await services.content.articles.tagNamesIn(
          language.code,
          tags.map((tag) => tag.key),
        );
        const data = tags.map((tag) => ({ ...tag, name: names.get(tag.key)?.name ?? null }));
        return {
          body: { language: language.code, data } satisfies Answer<typeof tagsResponse>,
          shows: new Set([showsList(language.code), showsTagNames(language.code)]),
        };
      });
    },
  );
}

/** A language's articles, paged. */
function articleListRoutes(app: Hono<HttpEnv>, { services, db, readable, languageOf, answer }: ContentReads) {
  app.get(
    `${CONTENT_API_PREFIX}/:lang/articles`,
    contentRoute(
      "A page of a language's published articles, oldest change first (keyset-paged; filters by tag and change time)",
      articleListResponse,
      {
        params: langParams,
        query: articleListQuery,
        otherResponses: UNKNOWN_LANGUAGE,
      },
    ),
    (c) => {
      const language = languageOf(c);
      const query = readQuery(c, articleListQuery);
      const limit = query.limit ?? CONTENT_PAGE_DEFAULT_LIMIT;
      const filters = new URLSearchParams({
        limit: String(limit),
        ...(query.tag !== undefined && { tag: query.tag }),
        ...(query.updated_since !== undefined && { updated_since: query.updated_since }),
      });
      const cursor = query.cursor ? encodeArticleCursor(query.cursor) : "";
      return answer(c, `articles:${language.code}?${filters}&cursor=${cursor}`, async () => {
        const resident = services.content.current();
        const page = await articlePage(db, resident, {
          language,
          readable: readable(c),
          after: query.cursor ?? null,
          limit,
          tag: query.tag ?? null,
          updatedSince: query.updated_since ?? null,
        });
        const next = page.next === null ? null : encodeArticleCursor(page.next);
        if (next) filters.set("cursor", next);
        return {
          body: { language: language.code, data: page.items, next } satisfies Answer<typeof articleListResponse>,
          shows: new Set([
            ...listChainCodes(resident, language).map(showsList),
            ...page.items.map((item) => showsArticle(item.id)),
          ]),
          headers: next ? { Link: `<${c.req.path}?${filters}>; rel="next"` } : undefined,
        };
      });
    },
  );
}

/** One article, by id or by slug. */
function articleRoutes(app: Hono<HttpEnv>, { services, db, readable, languageOf, answer }: ContentReads) {
  const articleAnswer = (
    c: Context<HttpEnv>,
    language: Language,
    key: string,
    which: { id: number } | { slug: string },
  ) =>
    answer(c, key, async () => {
      const resident = services.content.current();
      const article = await deliveredArticle(db, resident, language, readable(c), which);
      if (!article)
        throw notFound(
          "not_found",
          "id" in which
            ? `id: no published article ${which.id} in ${language.code} or its fallbacks.`
            : `slug: no published article "${which.slug}" in ${language.code} or its fallbacks.`,
          "id" in which ? "id" : "slug",
        );
      return {
        body: { language: language.code, data: article } satisfies Answer<typeof articleResponse>,
        // A slug can come to name another article first along the chain (a version published there): its lists show it.
        shows: new Set([
          showsArticle(article.id),
          ...("slug" in which ? chainCodes(resident, language).map(showsList) : []),
        ]),
      };
    });

  app.get(
    `${CONTENT_API_PREFIX}/:lang/articles/by-slug/:slug`,
    contentRoute(
      "One published article by its slug in the language (or a fallback's), with its body, alternates and translation status",
      articleResponse,
      {
        params: { ...langParams, slug: slugParam },
        otherResponses: { 404: "No such language, or no published article with this slug there." },
      },
    ),
    (c) => {
      const language = languageOf(c);
      const slug = validateInput(slugParam, c.req.param("slug"), "slug");
      return articleAnswer(c, language, `article:${language.code}:slug:${slug}`, { slug });
    },
  );

  app.get(
    `${CONTENT_API_PREFIX}/:lang/articles/:id`,
    contentRoute(
      "One published article by id in the language (or its fallback chain's first), with its body, alternates and translation status",
      articleResponse,
      {
        params: { ...langParams, id: articleIdParam },
        otherResponses: { 404: "No such language, or no published version of this article there or in its fallbacks." },
      },
    ),
    (c) => {
      const language = languageOf(c);
      const id = validateInput(articleIdParam, c.req.param("id"), "id");
      return articleAnswer(c, language, `article:${language.code}:${id}`, { id });
    },
  );
}

export function contentApi(services: AppServices, responses: ResponseCache) {
  const app = new Hono<HttpEnv>();
  app.use(`${CONTENT_API_PREFIX}/*`, contentKeyAccess(services));
  const reads = contentReads(services, responses);
  for (const routes of [languageRoutes, referenceRoutes, articleListRoutes, articleRoutes]) routes(app, reads);
  return app;
}
