// Translation status (issue 10, docs/decisions/0080-translation-status-from-source-revisions.md).
// An article has a source language and a source revision: the History number of the
// source version's revision whose text translators follow, which moves on only when
// that text changes (decision 0168: one numbering, History's). Every version records
// the revision it was made from (its base). A number, not a timestamp: two writes in
// the same millisecond, or clocks of two servers, cannot make a change invisible.
// Pure functions, no I/O: the write path stores what they answer.

import type { ArticleStatus } from "./article-rules.ts";

export const TRANSLATION_STATUSES = ["missing", "draft", "current", "outdated"] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

// What an admin reads (text, never colour alone) is the admin text admin.status_label.<status>.

/** The translatable text of a version: what a translator must follow. */
export interface TranslatableText {
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
}

/** An article's translation facts: its source language, source revision and each version's base revision. */
export interface TranslationState {
  /** Null only while the article has no version. */
  source: string | null;
  /** 0 before the first version; then the source version's History number of its current text, moved on by every change of that text. */
  revision: number;
  /** Base revision of every version, keyed by language code (the source's is always `revision`). */
  bases: ReadonlyMap<string, number>;
}

export const EMPTY_TRANSLATION_STATE: TranslationState = { source: null, revision: 0, bases: new Map() };

/** Whether a save changed what translators translate (a slug or a publication is not a change of the text). */
export function textChanged(before: TranslatableText | null, after: TranslatableText): boolean {
  return (
    before === null ||
    before.title !== after.title ||
    before.summary !== after.summary ||
    before.body !== after.body ||
    before.coverAlt !== after.coverAlt
  );
}

/** The status of one language: Missing without a version, Draft while unpublished, else Outdated when its base is behind the source. */
export function translationStatus(
  state: TranslationState,
  code: string,
  versionStatus: ArticleStatus | undefined,
): TranslationStatus {
  const base = state.bases.get(code);
  if (versionStatus === undefined || base === undefined) return "missing";
  if (versionStatus === "draft") return "draft";
  return isOutdated(state, code) ? "outdated" : "current";
}

/** Whether a version's base is behind the source (whatever its publication status): the stored `outdated` flag. */
export function isOutdated(state: TranslationState, code: string): boolean {
  const base = state.bases.get(code);
  return base !== undefined && code !== state.source && base < state.revision;
}

/** What a write makes of the state, and whether the source's current text must be kept as the snapshot of `revision`. */
export interface TranslationOutcome {
  state: TranslationState;
  snapshot: boolean;
}

function withBase(bases: ReadonlyMap<string, number>, code: string, base: number): Map<string, number> {
  return new Map(bases).set(code, base);
}

/** `code` based on `revision`, every other base put behind it (Outdated) except those `kept` up to date, which follow it. */
function rebased(
  bases: ReadonlyMap<string, number>,
  code: string,
  revision: number,
  kept: (base: number) => boolean,
): Map<string, number> {
  return new Map([...bases].map(([other, base]) => [other, kept(base) ? revision : Math.min(base, revision - 1)])).set(
    code,
    revision,
  );
}

/**
 * After a version in `code` was saved, recording its History revision `change.revision`. The first version
 * makes its language the source at that revision; a change of the source's text moves the revision on to it
 * (a later number of the same History); a new translation is based on the current revision, or on `basedOn`
 * (an imported file's record, never beyond the current revision). Saving a translation's text otherwise
 * keeps its base: only "mark up to date" says it follows the source.
 */
export function afterSave(
  state: TranslationState,
  code: string,
  change: { created: boolean; textChanged: boolean; revision: number; basedOn?: number },
): TranslationOutcome {
  if (state.source === null || !state.bases.has(state.source)) {
    return {
      state: {
        source: code,
        revision: change.revision,
        bases: rebased(state.bases, code, change.revision, () => false),
      },
      snapshot: true,
    };
  }
  if (code === state.source) {
    if (!change.textChanged) return { state, snapshot: false };
    return {
      state: { ...state, revision: change.revision, bases: withBase(state.bases, code, change.revision) },
      snapshot: true,
    };
  }
  const current = state.bases.get(code);
  const base =
    change.basedOn !== undefined
      ? Math.min(Math.max(change.basedOn, 0), state.revision)
      : change.created || current === undefined
        ? state.revision
        : current;
  return { state: { ...state, bases: withBase(state.bases, code, base) }, snapshot: false };
}

/**
 * Makes `code` (a language with a version) the source, its current text being revision
 * `textRevisions.get(code)` of its own History: the revision is that number from now on, so every base is
 * restated in it. When the new source was up to date, every status stays as it was (the up-to-date versions
 * are based on the revision, the others just before it); otherwise every other version is Outdated until
 * checked against it. The former source is then a translation like the others.
 */
export function changeSource(
  state: TranslationState,
  code: string,
  textRevisions: ReadonlyMap<string, number>,
): TranslationOutcome {
  if (!state.bases.has(code)) throw new RangeError(`no version in ${code}`);
  if (code === state.source) return { state, snapshot: false };
  const revision = textRevisions.get(code);
  if (revision === undefined) throw new RangeError(`no revision of the ${code} text`);
  const after = { source: code, revision };
  return {
    state: {
      ...after,
      bases: new Map([...state.bases].map(([other, base]) => [other, restatedBase(state, after, base)])).set(
        code,
        revision,
      ),
    },
    snapshot: true,
  };
}

/**
 * Where a change of source from `before` to `after` puts a base recorded in `before`'s numbers (a version's,
 * or pending changes' source revision): on the new revision when it was up to date and so was the new source,
 * else just behind it.
 */
export function restatedBase(
  before: TranslationState,
  after: Pick<TranslationState, "source" | "revision">,
  base: number,
): number {
  const kept =
    after.source !== null && (before.bases.get(after.source) ?? -1) >= before.revision && base >= before.revision;
  return kept ? after.revision : Math.min(base, after.revision - 1);
}

/** The language that takes over when the source version is deleted: the most up-to-date remaining one (ties: code order). */
export function successorSource(bases: ReadonlyMap<string, number>): string | null {
  let best: [string, number] | null = null;
  for (const entry of [...bases].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (best === null || entry[1] > best[1]) best = entry;
  return best?.[0] ?? null;
}

/**
 * After the version in `code` was deleted; deleting the source hands it to `successorSource`, at the
 * History revision of its current text (`textRevisions`, per language).
 */
export function afterDelete(
  state: TranslationState,
  code: string,
  textRevisions: ReadonlyMap<string, number>,
): TranslationOutcome {
  const bases = new Map(state.bases);
  bases.delete(code);
  if (code !== state.source) return { state: { ...state, bases }, snapshot: false };
  const successor = successorSource(bases);
  if (successor === null) return { state: { source: null, revision: state.revision, bases }, snapshot: false };
  return changeSource({ source: null, revision: state.revision, bases }, successor, textRevisions);
}

/** A translator checked the version against the current source without changing it. */
export function markUpToDate(state: TranslationState, code: string): TranslationState {
  if (!state.bases.has(code)) throw new RangeError(`no version in ${code}`);
  return { ...state, bases: withBase(state.bases, code, state.revision) };
}

/** The oldest revision some version is based on: older snapshots are never shown again. */
export function oldestNeededRevision(state: TranslationState): number {
  return Math.min(state.revision, ...state.bases.values());
}
