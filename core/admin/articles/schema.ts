/**
 * What the articles admin API accepts and answers. Pure zod on the shared rules of
 * core/article-rules.ts: the API validates with it, and the editor runs it
 * first to show every field error at once. Messages follow the field name
 * ("title: is required").
 */
import { z } from "zod";
import {
  ARTICLE_KEY_PATTERN,
  ARTICLE_LIMITS,
  ARTICLE_STATUSES,
  isAcceptableCover,
  isCanonicalSlug,
  normalizeTag,
  TAG_PATTERN,
  uniqueTags,
} from "#core/article-rules.ts";
import { checkParams, namedPattern } from "#core/i18n/admin-checks.ts";
import { TRANSLATION_STATUSES } from "#core/translation-status.ts";

const atMost = (limit: number) => ({ error: `must be at most ${limit.toLocaleString("en-US")} characters` });

const key = z
  .string()
  .trim()
  .regex(namedPattern("article_key", ARTICLE_KEY_PATTERN), {
    error: `must be 1–${ARTICLE_LIMITS.keyLength} lowercase letters, digits or hyphens, starting with a letter or digit`,
  });

const author = z
  .string({ error: "is required" })
  .trim()
  .min(1, { error: "is required" })
  .max(ARTICLE_LIMITS.authorLength, atMost(ARTICLE_LIMITS.authorLength));

/** Empty or null means "no cover". */
const cover = z
  .string({ error: "must be a text or null" })
  .trim()
  .refine(
    (address) => address === "" || isAcceptableCover(address),
    checkParams(
      "cover",
      'must be a library image (media:42), a path on this site starting with "/" (such as /covers/photo.webp) or an https:// address',
    ),
  )
  .transform((address) => (address === "" ? null : address))
  .nullable();

const tag = z
  .string({ error: "must be a text" })
  .transform(normalizeTag)
  .refine(
    (value) => TAG_PATTERN.test(value),
    checkParams("tag", "must be 1–41 letters, digits or hyphens, starting with a letter or digit"),
  );

const tags = z
  .array(tag, { error: "must be a list of tags" })
  .max(ARTICLE_LIMITS.tagCount, { error: `must have at most ${ARTICLE_LIMITS.tagCount} tags` })
  .transform(uniqueTags);

export const createArticleInput = z.strictObject({
  key: key.optional(),
  author,
  cover: cover.optional(),
  tags: tags.default([]),
});
export type CreateArticleInput = z.output<typeof createArticleInput>;

/** A language code as stored ("en-US", "ar"); whether the site has it is checked against the database. */
export const languageCodeParam = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(35, { error: "is not a language of this site" });

export const updateArticleInput = z
  .strictObject({
    key: key.optional(),
    author: author.optional(),
    cover: cover.optional(),
    tags: tags.optional(),
    /** The language the others are translated from: one the article has a version in. */
    sourceLanguage: z.string({ error: "must be a language code" }).pipe(languageCodeParam).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: "must change at least one field (key, author, cover, tags or sourceLanguage)",
  });
export type UpdateArticleInput = z.output<typeof updateArticleInput>;

export const versionInput = z.strictObject({
  title: z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(ARTICLE_LIMITS.titleLength, atMost(ARTICLE_LIMITS.titleLength)),
  /** Absent or empty: made from the title. */
  slug: z
    .string({ error: "must be a text" })
    .trim()
    .refine(
      (slug) => slug === "" || isCanonicalSlug(slug),
      checkParams(
        "slug",
        "must be lowercase letters and digits joined by single hyphens, at most 80 characters (like the suggested slug)",
      ),
    )
    .optional(),
  summary: z
    .string({ error: "must be a text" })
    .trim()
    .max(ARTICLE_LIMITS.summaryLength, atMost(ARTICLE_LIMITS.summaryLength))
    .default(""),
  body: z
    .string({ error: "is required (it may be empty)" })
    .max(ARTICLE_LIMITS.bodyLength, atMost(ARTICLE_LIMITS.bodyLength)),
  coverAlt: z
    .string({ error: "must be a text" })
    .trim()
    .max(ARTICLE_LIMITS.coverAltLength, atMost(ARTICLE_LIMITS.coverAltLength))
    .default(""),
  status: z.enum(ARTICLE_STATUSES, { error: 'must be "draft" or "published"' }),
  /**
   * The source revision the text was made from (the one the editor showed: a History number of the source, or 0
   * for a text made before the source's kept History); absent: the source's current revision.
   */
  sourceRevision: z
    .number({ error: "must be a whole number of at least 0" })
    .int({ error: "must be a whole number of at least 0" })
    .min(0, { error: "must be a whole number of at least 0" })
    .optional(),
  /**
   * How many of the text's segments are machine suggestions the translator took and has not edited (decision 0218):
   * recorded with the revision and shown in History. Absent: none.
   */
  machineSegments: z
    .number({ error: "must be a whole number of at least 0" })
    .int({ error: "must be a whole number of at least 0" })
    .min(0, { error: "must be a whole number of at least 0" })
    .max(100_000, { error: "must be at most 100000" })
    .optional(),
});
export type VersionInput = z.output<typeof versionInput>;

/** A version body may be 200 000 characters; UTF-8 and JSON escaping can make that several times as many bytes. */
export const VERSION_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export const articleIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, { error: "must be a positive whole number" });

/** "" (the list form's "All") means no filter. */
const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);

/** Publication states and translation statuses the list filters by ("draft" is both; "pending": published with pending changes). */
export const LIST_STATUSES = ["published", ...TRANSLATION_STATUSES, "pending"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** Articles per page of the admin list. */
export const ARTICLES_PAGE_SIZE = 50;

/** Where the next page starts: the last row's change time and id ("2026-03-01T10:00:00.000Z_42"). */
export const LIST_CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([1-9]\d{0,9})$/;

export const listArticlesQuery = z
  .object({
    language: z.preprocess(emptyAsAbsent, languageCodeParam.optional()),
    status: z.preprocess(
      emptyAsAbsent,
      z.enum(LIST_STATUSES, { error: `must be one of ${LIST_STATUSES.join(", ")}` }).optional(),
    ),
    after: z.preprocess(
      emptyAsAbsent,
      z
        .string()
        .regex(LIST_CURSOR_PATTERN, { error: "must be the cursor of a page of this list (its next link)" })
        .transform((cursor) => {
          const [, updatedAt, id] = LIST_CURSOR_PATTERN.exec(cursor)!;
          return { updatedAt: updatedAt!, id: Number(id) };
        })
        .optional(),
    ),
  })
  .refine((query) => query.status !== "missing" || query.language !== undefined, {
    error: "status: Missing needs a language (missing in which one?)",
    path: ["status"],
  });
export type ListArticlesQuery = z.output<typeof listArticlesQuery>;

const articleStatusSchema = z.enum(ARTICLE_STATUSES);

export const adminArticleVersionSchema = z.object({
  /** The language code ("en-US"). */
  code: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  coverAlt: z.string(),
  status: articleStatusSchema,
  /** Set when the version was first published; kept if it goes back to draft. */
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The source revision this version was made from: a History number of the source version (decision 0168). */
  baseRevision: z.number().int(),
  /** Draft, Up to date or Outdated (core/translation-status.ts); the source is never Outdated. */
  translation: z.enum(TRANSLATION_STATUSES),
});
export type AdminArticleVersion = z.infer<typeof adminArticleVersionSchema>;

const articleShape = {
  id: z.number().int(),
  key: z.string(),
  author: z.string(),
  cover: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The language the others are translated from; null only without versions. */
  sourceLanguage: z.string().nullable(),
  sourceRevision: z.number().int(),
  /** When the source's text last changed. */
  sourceChangedAt: z.string().nullable(),
};
export const adminArticleSchema = z.object({ ...articleShape, versions: z.array(adminArticleVersionSchema) });
export type AdminArticle = z.infer<typeof adminArticleSchema>;
/** What the article endpoints answer (GET, POST, PATCH). */
export const articleResponse = z.object({ article: adminArticleSchema });

/**
 * The article's own fields, what its details form edits: the ETag of `GET /api/admin/articles/{id}` is this
 * object's (decision 0151), so saving a version, which changes none of them, leaves the details form current.
 */
export type ArticleFields = Pick<AdminArticle, "id" | "key" | "author" | "cover" | "tags" | "sourceLanguage">;

/** A published version's pending changes (decision 0150): saved beside the live text, not on the site until published. */
const pendingChangesSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  coverAlt: z.string(),
  /** The source revision the pending text reflects. */
  sourceRevision: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.object({ uid: z.string(), name: z.string().nullable() }).nullable(),
});
export type PendingChanges = z.infer<typeof pendingChangesSchema>;

/** What `GET /api/admin/articles/{id}/versions/{code}` answers (as `{ version }`, with its ETag). */
export const adminVersionDetailSchema = adminArticleVersionSchema.extend({
  /** The source revision the stored text reflects (= baseRevision). */
  sourceRevision: z.number().int(),
  /** The number of the version's newest revision in its History (1 for its first text). */
  revision: z.number().int(),
  /** Pending changes beside the live text of a published version; null when none. */
  pendingChanges: pendingChangesSchema.nullable(),
});
export type AdminVersionDetail = z.infer<typeof adminVersionDetailSchema>;
export const versionResponse = z.object({ version: adminVersionDetailSchema });
/** What a version write answers: the version as its GET does, and the article for the screens. */
export const versionWrittenResponse = versionResponse.extend({ article: adminArticleSchema });

const adminArticleVersionSummarySchema = adminArticleVersionSchema
  .omit({ summary: true, body: true, coverAlt: true })
  .extend({
    /** Whether a published version has pending changes waiting to be published or discarded. */
    pendingChanges: z.boolean(),
  });
export type AdminArticleVersionSummary = z.infer<typeof adminArticleVersionSummarySchema>;

const adminArticleSummarySchema = z.object({ ...articleShape, versions: z.array(adminArticleVersionSummarySchema) });
export type AdminArticleSummary = z.infer<typeof adminArticleSummarySchema>;

/** A page of the admin list and the cursor of the next (null on the last). */
export const adminArticlePageSchema = z.object({
  articles: z.array(adminArticleSummarySchema),
  next: z.string().nullable(),
});
export type AdminArticlePage = z.infer<typeof adminArticlePageSchema>;

/** The source's text a translator compares with: at the version's base revision (null when no longer kept) and now. */
const sourceTextSchema = z.object({
  code: z.string(),
  revision: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  coverAlt: z.string(),
  /** When this revision was written. */
  at: z.string(),
});
export type SourceText = z.infer<typeof sourceTextSchema>;

/** The source version's text as it is now: what a translation is compared with (editor and source-changes API). */
export function currentSourceText(
  article: Pick<AdminArticle, "sourceRevision" | "sourceChangedAt" | "updatedAt">,
  source: Pick<AdminArticleVersion, "code" | "title" | "summary" | "body" | "coverAlt">,
): SourceText {
  return {
    code: source.code,
    revision: article.sourceRevision,
    title: source.title,
    summary: source.summary,
    body: source.body,
    coverAlt: source.coverAlt,
    at: article.sourceChangedAt ?? article.updatedAt,
  };
}

export const sourceChangesSchema = z.object({ base: sourceTextSchema.nullable(), current: sourceTextSchema });
export type SourceChanges = z.infer<typeof sourceChangesSchema>;
