/** What the machine-translation admin API accepts and answers (docs/api.md "Machine translation", decision 0218). */
import { z } from "zod";
import { languageCodeParam } from "#core/admin/translations/schema.ts";
import { QUALITY_CHECKS } from "#core/segments/checks.ts";
import { SEGMENT_KINDS } from "#core/segments/split.ts";

/** Segments one request may ask for: the focused one, or a few at once. */
export const MAX_MACHINE_SEGMENTS = 10;
/** One segment's characters at most (the memory's bound too): a sentence or a paragraph, not an article. */
export const MAX_MACHINE_SEGMENT_CHARS = 4_000;
/** All of a request's characters: what a provider is sent at once, and billed for. */
export const MAX_MACHINE_REQUEST_CHARS = 20_000;

export const machineTranslationInput = z
  .strictObject({
    from: languageCodeParam,
    segments: z
      .array(
        z.strictObject({
          text: z
            .string({ error: "must be text" })
            .min(1, { error: "is required" })
            .max(MAX_MACHINE_SEGMENT_CHARS, { error: `must be at most ${MAX_MACHINE_SEGMENT_CHARS} characters` }),
          /** The block's kind, for the quality checks run on the suggestion (a heading keeps its one heading). */
          kind: z.enum(SEGMENT_KINDS).default("paragraph"),
        }),
        { error: "must be a list of segments" },
      )
      .min(1, { error: "must hold at least one segment" })
      .max(MAX_MACHINE_SEGMENTS, { error: `must hold at most ${MAX_MACHINE_SEGMENTS} segments` }),
  })
  .refine(
    (input) => input.segments.reduce((sum, segment) => sum + segment.text.length, 0) <= MAX_MACHINE_REQUEST_CHARS,
    {
      error: `segments: must hold at most ${MAX_MACHINE_REQUEST_CHARS} characters in all`,
      path: ["segments"],
    },
  );
export type MachineTranslationInput = z.output<typeof machineTranslationInput>;

const problemSchema = z.object({
  check: z.enum(QUALITY_CHECKS),
  blocking: z.boolean(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const machineSuggestionSchema = z.object({
  /** The suggested translation, the segment's Markdown structure put back. */
  text: z.string(),
  /** Always "machine": a suggestion for a person to take or leave, never a translation by itself. */
  origin: z.literal("machine"),
  /** The quality checks of the suggestion against its source (decision 0212), as the workbench runs them. */
  problems: z.array(problemSchema),
});
export type MachineSuggestion = z.infer<typeof machineSuggestionSchema>;

export const machineTranslationResponse = z.object({
  /** Which service made them: deepl, google or libretranslate. */
  provider: z.string(),
  suggestions: z.array(machineSuggestionSchema),
});
export type MachineTranslationAnswer = z.infer<typeof machineTranslationResponse>;
