/** What the glossary admin API accepts and answers (/admin/glossary, docs/api.md "Glossary", decision 0217). */
import { z } from "zod";
import { languageCodeParam } from "#core/admin/translations/schema.ts";

export const GLOSSARY_STATUSES = ["approved", "proposed"] as const;
export type GlossaryStatus = (typeof GLOSSARY_STATUSES)[number];

export const MAX_TERM_CHARS = 200;
export const MAX_NOTE_CHARS = 1_000;
export const MAX_FORBIDDEN = 20;
/** A CSV file to import: at most this many bytes (about 10 000 terms). */
export const MAX_GLOSSARY_CSV_BYTES = 2 * 1024 * 1024;
export const MAX_GLOSSARY_CSV_ROWS = 20_000;

const text = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    // A control character (but for the tab) has no place in a term: it would not show, nor match.
    .refine((value) => !/[\u0000-\u0008\u000A-\u001F\u007F]/u.test(value), {
      error: "must not hold control characters",
    });

const term = text(MAX_TERM_CHARS).min(1, { error: "is required" });
const forbidden = z
  .array(text(MAX_TERM_CHARS).min(1, { error: "must not be empty" }), { error: "must be a list of texts" })
  .max(MAX_FORBIDDEN, { error: `must hold at most ${MAX_FORBIDDEN} translations` })
  .transform((list) => [...new Set(list)]);

export const glossaryPairQuery = z.strictObject({
  from: languageCodeParam,
  to: languageCodeParam,
  status: z.enum(GLOSSARY_STATUSES, { error: "must be approved or proposed" }).optional(),
});

export const glossaryInput = z.strictObject({
  from: languageCodeParam,
  to: languageCodeParam,
  term,
  translation: term,
  forbidden: forbidden.default([]),
  note: text(MAX_NOTE_CHARS).default(""),
});
export type GlossaryInput = z.output<typeof glossaryInput>;

export const glossaryUpdate = z
  .strictObject({
    term,
    translation: term,
    forbidden,
    note: text(MAX_NOTE_CHARS),
    status: z.enum(GLOSSARY_STATUSES, { error: "must be approved or proposed" }),
  })
  .partial();
export type GlossaryUpdate = z.output<typeof glossaryUpdate>;

export const glossaryIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
  .transform(Number);

export const glossaryImportRequest = z.strictObject({
  from: languageCodeParam,
  to: languageCodeParam,
  /** The CSV text: term,translation,forbidden,note (a header row; forbidden translations separated by "|"). */
  content: z.string({ error: "must be the file's text" }),
  dryRun: z.boolean({ error: "must be true or false" }).default(false),
});

export const glossaryTermSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  term: z.string(),
  translation: z.string(),
  forbidden: z.array(z.string()),
  note: z.string(),
  status: z.enum(GLOSSARY_STATUSES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GlossaryTermView = z.infer<typeof glossaryTermSchema>;

/** Each with `etag`, the ETag its own GET answers (for a change or a delete from the list). */
export const glossaryListResponse = z.object({ terms: z.array(glossaryTermSchema.extend({ etag: z.string() })) });
export const glossaryTermResponse = z.object({ term: glossaryTermSchema });
export const glossaryImportResponse = z.object({
  dryRun: z.boolean(),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export type GlossaryImportReport = z.infer<typeof glossaryImportResponse>;
