/**
 * Revisions of an article's language version: what each keeps, how two compare
 * (a readable diff per field, by jsdiff) and which old ones a bounded history drops.
 */
import { diffLines, diffWords, type ChangeObject } from "diff";
import { z } from "zod";
import { ARTICLE_STATUSES } from "./article-rules.ts";

export const revisionContentShape = {
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  coverAlt: z.string(),
  body: z.string(),
  status: z.enum(ARTICLE_STATUSES),
};
export type RevisionContent = z.infer<z.ZodObject<typeof revisionContentShape>>;

export const REVISION_FIELDS = [
  "title",
  "slug",
  "summary",
  "coverAlt",
  "status",
  "body",
] as const satisfies readonly (keyof RevisionContent)[];
export type RevisionField = (typeof REVISION_FIELDS)[number];

const diffPartSchema = z.object({ value: z.string(), change: z.enum(["added", "removed", "same"]) });
export type DiffPart = z.infer<typeof diffPartSchema>;

export const fieldDiffSchema = z.object({
  field: z.enum(REVISION_FIELDS),
  changed: z.boolean(),
  parts: z.array(diffPartSchema),
});
export type FieldDiff = z.infer<typeof fieldDiffSchema>;

/**
 * Edits jsdiff may explore before giving up: two 200 000-character bodies with
 * nothing in common would otherwise cost seconds (the bound: ~50 ms). Past it, the field shows as
 * wholly replaced, which is what such a change is anyway.
 */
export const MAX_EDIT_LENGTH = 400;

/** jsdiff's changes as parts a page can draw. */
export function diffParts(changes: ChangeObject<string>[]): DiffPart[] {
  return changes.map((change) => ({
    value: change.value,
    change: change.added ? "added" : change.removed ? "removed" : "same",
  }));
}

function replaced(before: string, after: string): DiffPart[] {
  return [
    ...(before === "" ? [] : [{ value: before, change: "removed" as const }]),
    ...(after === "" ? [] : [{ value: after, change: "added" as const }]),
  ];
}

function diffField(field: RevisionField, before: string, after: string, words: Intl.Segmenter): FieldDiff {
  if (before === after)
    return { field, changed: false, parts: before === "" ? [] : [{ value: before, change: "same" }] };
  // The body is Markdown: whole lines read best. Short fields: words as the language divides them
  // (Intl.Segmenter: Arabic words stay whole, Japanese is split into words though it has no spaces).
  const changes =
    field === "body"
      ? diffLines(before, after, { maxEditLength: MAX_EDIT_LENGTH })
      : diffWords(before, after, { maxEditLength: MAX_EDIT_LENGTH, intlSegmenter: words });
  return { field, changed: true, parts: changes ? diffParts(changes) : replaced(before, after) };
}

/** Field by field, what changed from `older` to `newer`, words divided by the rules of `language` (a BCP 47 code). */
export function diffRevisions(older: RevisionContent, newer: RevisionContent, language: string): FieldDiff[] {
  const words = new Intl.Segmenter(language, { granularity: "word" });
  return REVISION_FIELDS.map((field) => diffField(field, older[field], newer[field], words));
}

/**
 * The id at and below which a version's revisions go, given its newest ids
 * (newest first, at least `keep + 1` of them when any must go); null when none must.
 */
export function pruneCutoff(newestIds: readonly number[], keep: number): number | null {
  return newestIds.length > keep ? newestIds[keep]! : null;
}
