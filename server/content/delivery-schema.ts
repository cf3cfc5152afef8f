/**
 * What the content delivery API (/api/content/v1, docs/api.md "Content delivery API") takes and answers. Every
 * item read in a language says which language its text came from (`language`) and whether that is a fallback
 * (`fallback`: the requested language lacked it and the site's fallback chain gave it, decision 0085).
 */
import { z } from "zod";

export const CONTENT_API_PREFIX = "/api/content/v1";
export const CONTENT_PAGE_DEFAULT_LIMIT = 20;
export const CONTENT_PAGE_MAX_LIMIT = 100;
export const JOBS_PAGE_DEFAULT_LIMIT = 100;
export const JOBS_PAGE_MAX_LIMIT = 500;
const MAX_TAG_CHARS = 100;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, { error: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: `must be a whole number from ${min} to ${max}` });

/** The cursor of an articles page: base64url of "<updatedAt> <id>", opaque to clients. */
export interface ArticleCursor {
  updatedAt: string;
  id: number;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export function encodeArticleCursor(cursor: ArticleCursor): string {
  return Buffer.from(`${cursor.updatedAt} ${cursor.id}`).toString("base64url");
}

export function decodeArticleCursor(text: string): ArticleCursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return null;
  const [updatedAt = "", id = "", ...rest] = Buffer.from(text, "base64url").toString("utf8").split(" ");
  if (rest.length > 0 || !ISO_INSTANT.test(updatedAt) || !/^[1-9]\d{0,9}$/.test(id)) return null;
  return { updatedAt, id: Number(id) };
}

export const articleListQuery = z.object({
  limit: wholeNumber(1, CONTENT_PAGE_MAX_LIMIT)
    .optional()
    .describe(`Articles per page, 1 to ${CONTENT_PAGE_MAX_LIMIT} (default ${CONTENT_PAGE_DEFAULT_LIMIT}).`),
  cursor: z
    .string()
    .transform((text, context) => {
      const cursor = decodeArticleCursor(text);
      if (cursor === null)
        context.addIssue({ code: "custom", message: "must be the `next` cursor of a previous page" });
      return cursor ?? z.NEVER;
    })
    .optional()
    .describe("The `next` cursor of the previous page."),
  tag: z
    .string()
    .max(MAX_TAG_CHARS, { error: `must be at most ${MAX_TAG_CHARS} characters` })
    .optional()
    .describe("Only articles carrying this tag (case-insensitive)."),
  updated_since: z
    .string()
    .regex(ISO_INSTANT, { error: "must be a date and time such as 2026-11-29T08:00:00Z" })
    .refine((value) => Number.isFinite(Date.parse(value)), { error: "must be a real date and time" })
    .transform((value) => new Date(value).toISOString())
    .optional()
    .describe("Only versions changed at or after this instant (ISO 8601 with Z or an offset)."),
});
export type ArticleListQuery = z.output<typeof articleListQuery>;

export const jobListQuery = z.object({
  limit: wholeNumber(1, JOBS_PAGE_MAX_LIMIT)
    .optional()
    .describe(`Jobs per page, 1 to ${JOBS_PAGE_MAX_LIMIT} (default ${JOBS_PAGE_DEFAULT_LIMIT}).`),
  after: z
    .string()
    .regex(/^[A-Z]\d{4}$/, { error: "must be a ROME code such as A1101" })
    .optional()
    .describe("The `next` cursor of the previous page (a ROME code)."),
});

export const languageParam = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: "must be a language code such as fr-FR" });
export const articleIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, { error: "must be at most 2147483647" });
export const slugParam = z.string().min(1).max(300, { error: "must be at most 300 characters" });

/** Where an item's text came from. */
const marked = {
  language: z.string().describe("The language the text is in: the requested one, or a fallback's."),
  fallback: z.boolean().describe("Whether the requested language lacked it and the fallback chain gave it."),
};

const alternateSchema = z.object({
  language: z.string(),
  slug: z.string(),
  title: z.string(),
  translation: z.enum(["current", "outdated"]),
});

export const articleSummarySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  ...marked,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  cover: z.string().nullable(),
  coverAlt: z.string(),
  tags: z.array(z.string()),
  readingMinutes: z.number().int(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  translation: z
    .object({
      status: z.enum(["current", "outdated"]).describe("outdated: the source language's text changed since this one."),
      source: z.string().nullable().describe("The source language, translations follow."),
    })
    .describe("The served version's translation status."),
  alternates: z.array(alternateSchema).describe("The article's other published languages (those the key may read)."),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({ body: z.string().describe("Markdown.") });
export type DeliveredArticle = z.infer<typeof articleSchema>;

export const articleListResponse = z.object({
  language: z.string(),
  data: z.array(articleSummarySchema),
  next: z.string().nullable().describe("The cursor of the next page (also a Link header); null on the last page."),
});
export const articleResponse = z.object({ language: z.string(), data: articleSchema });

export const stringsResponse = z.object({
  language: z.string(),
  data: z.array(z.object({ key: z.string(), text: z.string(), ...marked })),
});

export const jobsResponse = z.object({
  language: z.string(),
  data: z.array(
    z.object({ code: z.string(), domain: z.string(), ogr: z.number().int().nullable(), label: z.string(), ...marked }),
  ),
  next: z.string().nullable(),
});

export const tagsResponse = z.object({
  language: z.string(),
  data: z.array(
    z.object({
      tag: z.string(),
      key: z.string(),
      /** The tag's name in the language (decision 0221), null where it has none: it then shows as written. */
      name: z.string().nullable(),
      count: z.number().int(),
    }),
  ),
});

export const languagesResponse = z.object({
  data: z.array(
    z.object({
      code: z.string(),
      shortCode: z.string(),
      label: z.string(),
      dir: z.enum(["ltr", "rtl"]),
      favorite: z.boolean(),
      fallbacks: z.array(z.string()).describe("Where missing texts come from, in order."),
      listsBorrow: z
        .boolean()
        .describe("Whether its article lists include articles found only in a fallback language."),
    }),
  ),
});
