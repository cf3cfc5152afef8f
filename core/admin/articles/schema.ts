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
  type ArticleStatus,
  isAcceptableCover,
  isCanonicalSlug,
  normalizeTag,
  TAG_PATTERN,
  uniqueTags,
} from "#core/article-rules.ts";

const atMost = (limit: number) => ({ error: `must be at most ${limit.toLocaleString("en-US")} characters` });

const key = z.string().trim().regex(ARTICLE_KEY_PATTERN, {
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
  .refine((address) => address === "" || isAcceptableCover(address), {
    error: 'must be a library image (media:42), a path on this site starting with "/" (such as /covers/photo.webp) or an https:// address',
  })
  .transform((address) => (address === "" ? null : address))
  .nullable();

const tag = z
  .string({ error: "must be a text" })
  .transform(normalizeTag)
  .refine((value) => TAG_PATTERN.test(value), { error: "must be 1–41 letters, digits or hyphens, starting with a letter or digit" });

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

export const updateArticleInput = z
  .strictObject({ key: key.optional(), author: author.optional(), cover: cover.optional(), tags: tags.optional() })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: "must change at least one field (key, author, cover or tags)",
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
    .refine((slug) => slug === "" || isCanonicalSlug(slug), {
      error: "must be lowercase letters and digits joined by single hyphens, at most 80 characters (like the suggested slug)",
    })
    .optional(),
  summary: z.string({ error: "must be a text" }).trim().max(ARTICLE_LIMITS.summaryLength, atMost(ARTICLE_LIMITS.summaryLength)).default(""),
  body: z.string({ error: "is required (it may be empty)" }).max(ARTICLE_LIMITS.bodyLength, atMost(ARTICLE_LIMITS.bodyLength)),
  coverAlt: z.string({ error: "must be a text" }).trim().max(ARTICLE_LIMITS.coverAltLength, atMost(ARTICLE_LIMITS.coverAltLength)).default(""),
  status: z.enum(ARTICLE_STATUSES, { error: 'must be "draft" or "published"' }),
});
export type VersionInput = z.output<typeof versionInput>;

/** A version body may be 200 000 characters; UTF-8 and JSON escaping can make that several times as many bytes. */
export const VERSION_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export const articleIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, { error: "must be a positive whole number" });

/** A language code as stored ("en-US", "ar"); whether the site has it is checked against the database. */
export const languageCodeParam = z.string().trim().min(1, { error: "is required" }).max(35, { error: "is not a language of this site" });

/** "" (the list form's "All") means no filter. */
const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);

export const listArticlesQuery = z.object({
  language: z.preprocess(emptyAsAbsent, languageCodeParam.optional()),
  status: z.preprocess(emptyAsAbsent, z.enum(ARTICLE_STATUSES, { error: 'must be "draft" or "published"' }).optional()),
});
export type ListArticlesQuery = z.output<typeof listArticlesQuery>;

export interface AdminArticleVersion {
  /** The language code ("en-US"). */
  code: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
  status: ArticleStatus;
  /** Set when the version was first published; kept if it goes back to draft. */
  publishedAt: string | null;
  updatedAt: string;
}

export interface AdminArticle {
  id: number;
  key: string;
  author: string;
  cover: string | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  versions: AdminArticleVersion[];
}

export type AdminArticleVersionSummary = Omit<AdminArticleVersion, "summary" | "body" | "coverAlt">;

export type AdminArticleSummary = Omit<AdminArticle, "versions"> & { versions: AdminArticleVersionSummary[] };
