/**
 * What an admin may send to add or edit a language (docs/product.md §3). Pure zod:
 * the API validates with it, and the admin screen runs it first to show every
 * field error at once.
 */
import { z } from "zod";
import { withEntityTagSchema, type WithEntityTag } from "#core/admin/entity-tag.ts";
import { pageNameCheck } from "#core/page-names.ts";
import { checkIssue, checkParams, namedPattern } from "#core/i18n/admin-checks.ts";
import { MAX_FALLBACKS } from "#core/fallback.ts";

/** Short codes that would shadow the site's own top-level paths (/admin, /api). */
export const RESERVED_SHORT_CODES: readonly string[] = ["admin", "api"];
export const SHORT_CODE_PATTERN = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;
/** PostgreSQL's integer column; far above any real speaker count in the units the site uses. */
export const MAX_POPULATION = 2_147_483_647;

/** The canonical form of a BCP 47 tag ("EN-us" → "en-US"), or null when it is not one. */
export function canonicalLanguageTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null; // RangeError: not a structurally valid language tag
  }
}

const code = z
  .string()
  .trim()
  .min(1, "is required")
  .max(35, "must be at most 35 characters")
  .transform((value, ctx) => {
    const canonical = canonicalLanguageTag(value);
    if (canonical !== null) return canonical;
    ctx.addIssue(checkIssue("language_tag", "is not a valid BCP 47 language tag (for example fr-FR, pt-BR or ar)"));
    return z.NEVER;
  });

const shortCode = z
  .string()
  .trim()
  .refine((value) => !RESERVED_SHORT_CODES.includes(value.toLowerCase()), {
    ...checkParams(
      "reserved_short_code",
      `must not be ${RESERVED_SHORT_CODES.map((reserved) => `"${reserved}"`).join(" or ")}: reserved for the site's own pages`,
    ),
    abort: true,
  })
  .regex(
    namedPattern("short_code", SHORT_CODE_PATTERN),
    "must be 2–3 lowercase letters, optionally followed by - and 2–8 lowercase letters or digits (for example fr or pt-br)",
  );

const label = z.string().trim().min(1, "is required").max(100, "must be at most 100 characters");

const welcome = z
  .string()
  .trim()
  .max(200, "must be at most 200 characters")
  .superRefine((value, ctx) => {
    const problem = pageNameCheck(value);
    if (problem !== null) ctx.addIssue(checkIssue(problem.code, problem.message));
  });

const population = z
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(MAX_POPULATION, `must be at most ${MAX_POPULATION}`);

/** A fallback chain: language ids in order (decision 0085); which ids are allowed depends on the other languages (core/fallback.ts). */
const fallbacks = z
  .array(
    z
      .number({ error: "must be a list of language ids" })
      .int("must be a list of language ids")
      .positive("must be a list of language ids"),
    {
      error: "must be a list of language ids",
    },
  )
  .max(MAX_FALLBACKS, `must name at most ${MAX_FALLBACKS} languages`);
const listFallbackArticles = z.boolean({ error: "must be true or false" });

const dir = z.enum(["ltr", "rtl"], { error: 'must be "ltr" or "rtl"' });
const enabled = z.boolean({ error: "must be true or false" });

export const newLanguageSchema = z.strictObject({
  code,
  shortCode,
  label,
  welcome,
  population,
  dir: dir.default("ltr"),
  // A new language has no translations yet: it stays off the public site until enabled.
  enabled: enabled.default(false),
});

export const languagePatchSchema = z
  .strictObject({
    code: code.optional(),
    shortCode: shortCode.optional(),
    label: label.optional(),
    welcome: welcome.optional(),
    population: population.optional(),
    dir: dir.optional(),
    enabled: enabled.optional(),
    fallbacks: fallbacks.optional(),
    listFallbackArticles: listFallbackArticles.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: "has no field to change" });

export type NewLanguageInput = z.output<typeof newLanguageSchema>;
export type LanguagePatch = z.output<typeof languagePatchSchema>;

/** A language as the admin API returns it. */
export const adminLanguageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  shortCode: z.string(),
  label: z.string(),
  welcome: z.string(),
  link: z.string(),
  population: z.number().int(),
  enabled: z.boolean(),
  favorite: z.boolean(),
  dir: z.enum(["ltr", "rtl"]),
  codeComponent: z.string(),
  /** The fallback chain: language ids, in the order they are tried (decision 0085). */
  fallbacks: z.array(z.number().int()),
  /** Whether its article lists include articles found only in a fallback language. */
  listFallbackArticles: z.boolean(),
});
export type AdminLanguage = z.infer<typeof adminLanguageSchema>;

/** A language in the list, with the ETag `GET /api/admin/languages/{id}` answers. */
export const taggedAdminLanguageSchema = withEntityTagSchema(adminLanguageSchema);
export type TaggedAdminLanguage = WithEntityTag<AdminLanguage>;

/** What the language endpoints answer: the list, and one language (GET, POST, PATCH, favorite). */
export const languageListResponse = z.object({ languages: z.array(taggedAdminLanguageSchema) });
export const languageResponse = z.object({ language: adminLanguageSchema });

/** A language id in a path. */
export const languageIdParam = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be positive")
  .max(2_147_483_647, "is too large");

/**
 * What happens to a deleted language's content: "keep" leaves its UI strings,
 * article versions, job labels and image alt texts stored (re-adding the same
 * tag brings them back); "remove" deletes them with the language.
 */
export const LANGUAGE_CONTENT_CHOICES = ["keep", "remove"] as const;
export type LanguageContentChoice = (typeof LANGUAGE_CONTENT_CHOICES)[number];

export const deleteLanguageQuery = z.strictObject({
  content: z.enum(LANGUAGE_CONTENT_CHOICES, { error: 'must be "keep" or "remove"' }),
});

/** How much content a language holds, shown before the admin chooses to keep or remove it. */
export const languageContentCountsSchema = z.object({
  strings: z.number().int(),
  articleVersions: z.number().int(),
  jobLabels: z.number().int(),
  altTexts: z.number().int(),
});
export type LanguageContentCounts = z.infer<typeof languageContentCountsSchema>;
export const languageContentResponse = z.object({ counts: languageContentCountsSchema });
