/** What the translation-memory admin API accepts and answers (docs/api.md "Translation memory", decision 0215). */
import { z } from "zod";
import { languageCodeParam } from "#core/admin/translations/schema.ts";

/** A segment longer than this is not looked up: the memory holds sentences and paragraphs (server/memory/units.ts). */
export const MAX_MATCH_QUERY_CHARS = 4_000;

export const matchQuery = z.strictObject({
  from: languageCodeParam,
  to: languageCodeParam,
  text: z
    .string({ error: "is required" })
    .min(1, { error: "is required" })
    .max(MAX_MATCH_QUERY_CHARS, { error: `must be at most ${MAX_MATCH_QUERY_CHARS} characters` }),
});

export const memoryMatchSchema = z.object({
  /** 100: the same text; 70–99: alike (word edit distance). */
  score: z.number().int(),
  source: z.string(),
  target: z.string(),
  /** The memory's source against the text asked about: "removed" words are the memory's only, "added" the text's only. */
  differences: z.array(z.object({ text: z.string(), change: z.enum(["same", "added", "removed"]) })),
  /** How many places (article blocks, UI strings) hold this pair. */
  uses: z.number().int(),
  updatedAt: z.string(),
});
export type MemoryMatchView = z.infer<typeof memoryMatchSchema>;

export const matchListResponse = z.object({ matches: z.array(memoryMatchSchema) });
