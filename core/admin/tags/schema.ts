/** What the tag names API and screen accept and answer (decision 0221). */
import { z } from "zod";
import { TAG_PATTERN } from "#core/article-rules.ts";
import { tagNameProblem } from "#core/tags.ts";

/** A tag as written on articles (core/article-rules.ts), or its key: the path names it. */
export const tagParamsSchema = z.object({
  tag: z.string().regex(TAG_PATTERN, "must be a tag: 1–41 letters, digits or hyphens"),
  languageCode: z.string().min(1, "must not be empty").max(35, "must be at most 35 characters"),
});

export const tagNameSchema = z
  .string({ error: "must be a text" })
  .transform((name) => name.normalize("NFC").trim())
  .superRefine((name, context) => {
    const problem = tagNameProblem(name);
    if (problem !== null) context.addIssue({ code: "custom", message: problem });
  });

export const tagNameBodySchema = z.object({ name: tagNameSchema });

export const tagNamesQuerySchema = z.object({
  lang: z.string().min(1, "must not be empty").max(35, "must be at most 35 characters"),
  q: z.string().max(100, "must be at most 100 characters").optional(),
});

/** A tag's name in one language: the tag's key, the language, the name and the address key it gives (core/tags.ts). */
export const tagNameResultSchema = z.object({
  tag: z.string(),
  languageCode: z.string(),
  name: z.string(),
  nameKey: z.string(),
});
export type TagNameResult = z.infer<typeof tagNameResultSchema>;
export const tagNameSavedResponse = tagNameResultSchema.extend({ changed: z.boolean() });

/** One row of the tag names screen: a tag as written, how many articles carry it, its name in the language. */
export const tagNameRowSchema = z.object({
  tag: z.string(),
  written: z.string(),
  articles: z.number().int(),
  name: z.string().nullable(),
  etag: z.string().nullable(),
});
export type TagNameRow = z.infer<typeof tagNameRowSchema>;

export const tagNameListSchema = z.object({
  languageCode: z.string(),
  tags: z.array(tagNameRowSchema),
  /** More tags match than are listed (the list is capped): narrow with q. */
  more: z.boolean(),
});
export type TagNameList = z.infer<typeof tagNameListSchema>;
