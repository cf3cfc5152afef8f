/**
 * Source and translation aligned by block (issue 45 item 1, decision 0210). The translation was made from the
 * source as it was at its base revision: the current source's blocks are matched to the base's (same text:
 * unchanged; same kind in between: changed, with a word diff; else new), and the base's blocks to the
 * translation's by kind, so each current source block meets the translation block made from it. Translation
 * blocks whose source block is gone stay in the list ("removed"): the translator decides what becomes of them.
 */
import { diffArrays, diffWords } from "diff";
import { diffParts, MAX_EDIT_LENGTH, type DiffPart } from "#core/revisions.ts";
import { splitMarkdown, type Segment, type SplitBody } from "./split.ts";

export type SegmentStatus = "new" | "changed" | "unchanged" | "removed";

export interface AlignedSegment {
  /** A key that stays while the texts are edited. */
  id: string;
  status: SegmentStatus;
  /** The current source block (null: the source no longer has it). */
  source: Segment | null;
  /** The source block at the translation's base, when changed since (null when not known). */
  before: string | null;
  /** What changed from `before` to the source's text, word by word. */
  diff: DiffPart[];
  /** The translation block made from it: its index in the translation's split, null when there is none yet. */
  translation: number | null;
  /** The source's index (for the text between blocks when a new one is inserted). */
  sourceIndex: number | null;
}

export interface Alignment {
  source: SplitBody;
  translation: SplitBody;
  rows: AlignedSegment[];
}

/** Edits the alignment may explore (Myers' diff, jsdiff) before it pairs blocks in order instead. */
const MAX_BLOCK_EDITS = 2_000;

/**
 * Pairs (i, j) of a longest common subsequence of `a` and `b` under `same`, in order: jsdiff's Myers diff
 * over the blocks, fast when they differ in few places, as a translation and its source's versions do.
 */
export function commonPairs<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): [number, number][] {
  const changes = diffArrays([...a], [...b], { comparator: same, maxEditLength: MAX_BLOCK_EDITS });
  const pairs: [number, number][] = [];
  if (!changes) {
    for (let index = 0; index < Math.min(a.length, b.length); index++)
      if (same(a[index]!, b[index]!)) pairs.push([index, index]);
    return pairs;
  }
  let i = 0;
  let j = 0;
  for (const change of changes) {
    const count = change.value.length;
    if (change.added) j += count;
    else if (change.removed) i += count;
    else {
      for (let offset = 0; offset < count; offset++) pairs.push([i + offset, j + offset]);
      i += count;
      j += count;
    }
  }
  return pairs;
}

const sameKind = (a: Segment, b: Segment) => a.kind === b.kind;

/**
 * For each current block, the base block it comes from and whether its text is the same: equal texts anchor
 * the match, and between two anchors blocks of the same kind are the same block changed.
 */
function currentToBase(current: readonly Segment[], base: readonly Segment[]): { base: number; same: boolean }[] {
  const matched: ({ base: number; same: boolean } | undefined)[] = Array.from({ length: current.length });
  const anchors = commonPairs(current, base, (a, b) => a.kind === b.kind && a.text === b.text);
  let fromCurrent = 0;
  let fromBase = 0;
  for (const [i, j] of [...anchors, [current.length, base.length] as [number, number]]) {
    const between = commonPairs(current.slice(fromCurrent, i), base.slice(fromBase, j), sameKind);
    for (const [a, b] of between) matched[fromCurrent + a] = { base: fromBase + b, same: false };
    if (i < current.length) matched[i] = { base: j, same: true };
    fromCurrent = i + 1;
    fromBase = j + 1;
  }
  return matched.map((match) => match ?? { base: -1, same: false });
}

/**
 * A block new since the base may be translated already (typed in the segments, then aligned again): a translation
 * block of its kind no other block claims, between the translations of its neighbours, is its translation.
 */
function withTranslatedNewBlocks(
  current: readonly Segment[],
  made: readonly Segment[],
  translated: readonly (number | undefined)[],
): (number | undefined)[] {
  const result = [...translated];
  let lastUsed = -1;
  current.forEach((segment, index) => {
    if (result[index] === undefined) {
      const next = result.slice(index + 1).find((found) => found !== undefined) ?? made.length;
      for (let candidate = lastUsed + 1; candidate < next; candidate++)
        if (made[candidate]!.kind === segment.kind) {
          result[index] = candidate;
          break;
        }
    }
    lastUsed = result[index] ?? lastUsed;
  });
  return result;
}

function wordDiff(before: string, after: string, segmenter: Intl.Segmenter): DiffPart[] {
  const changes = diffWords(before, after, { maxEditLength: MAX_EDIT_LENGTH, intlSegmenter: segmenter });
  return changes
    ? diffParts(changes)
    : [
        { value: before, change: "removed" },
        { value: after, change: "added" },
      ];
}

interface AlignInput {
  /** The source body now. */
  source: string;
  /** The source body the translation was made from: the same as `source` when up to date, null when no longer kept. */
  base: string | null;
  /** The translation's body ("" when there is none yet). */
  translation: string;
  /** The source's language (words are divided by its rules: Japanese has no spaces). */
  sourceLanguage: string;
}

/** The aligned rows: every current source block in order, with the translation's blocks that have no source where they stand. */
export function alignSegments({ source, base, translation, sourceLanguage }: AlignInput): Alignment {
  const current = splitMarkdown(source);
  const made = splitMarkdown(translation);
  const from = splitMarkdown(base ?? source);
  const baseMatch = currentToBase(current.segments, from.segments);
  const translationOf = new Map(commonPairs(from.segments, made.segments, sameKind));
  const translated = withTranslatedNewBlocks(
    current.segments,
    made.segments,
    baseMatch.map((match) => (match.base >= 0 ? translationOf.get(match.base) : undefined)),
  );
  const segmenter = new Intl.Segmenter(sourceLanguage, { granularity: "word" });
  const rows: AlignedSegment[] = [];
  let nextTranslation = 0;
  const removedUpTo = (end: number) => {
    for (; nextTranslation < end; nextTranslation++)
      rows.push({
        id: `t${nextTranslation}`,
        status: "removed",
        source: null,
        before: null,
        diff: [],
        translation: nextTranslation,
        sourceIndex: null,
      });
  };
  current.segments.forEach((segment, index) => {
    const match = baseMatch[index]!;
    const madeAs = translated[index];
    if (madeAs !== undefined) removedUpTo(madeAs);
    const before = match.base >= 0 && base !== null ? from.segments[match.base]!.text : null;
    const status = base === null ? "changed" : match.base < 0 ? "new" : match.same ? "unchanged" : "changed";
    rows.push({
      id: `s${index}`,
      status,
      source: { kind: segment.kind, text: segment.text },
      before: status === "changed" ? before : null,
      diff: status === "changed" && before !== null ? wordDiff(before, segment.text, segmenter) : [],
      translation: madeAs ?? null,
      sourceIndex: index,
    });
    if (madeAs !== undefined) nextTranslation = madeAs + 1;
  });
  removedUpTo(made.segments.length);
  return { source: current, translation: made, rows };
}

/**
 * The translation's body from the texts typed per row: a row's block keeps the text that followed it; a block
 * new in the source goes where the source has it, after the source's own spacing (a table row one line below
 * the row before, a paragraph one blank line below), and whatever followed the block before it follows it
 * now; an emptied block goes with what followed it. Unedited, it is the translation exactly.
 */
export function joinTranslation({ source, translation, rows }: Alignment, texts: readonly string[]): string {
  const blocks: { text: string; after: string }[] = [];
  rows.forEach((row, index) => {
    const text = texts[index] ?? "";
    if (text === "") return;
    if (row.translation !== null) {
      blocks.push({ text, after: translation.segments[row.translation]!.after });
      return;
    }
    if (row.sourceIndex === null) return;
    const previous = blocks.at(-1);
    if (previous) {
      blocks.push({ text, after: previous.after });
      previous.after = source.segments[row.sourceIndex - 1]?.after ?? "\n\n";
    } else {
      // First of all: before the translation's first block, or the whole text of a translation not written yet.
      const after =
        translation.segments.length > 0
          ? source.segments[row.sourceIndex]!.after
          : (source.segments.at(-1)?.after ?? "");
      blocks.push({ text, after });
    }
  });
  return translation.lead + blocks.map((block) => block.text + block.after).join("");
}

/** The text each row starts with: its translation block's. */
export function initialTexts({ translation, rows }: Alignment): string[] {
  return rows.map((row) => (row.translation === null ? "" : translation.segments[row.translation]!.text));
}
