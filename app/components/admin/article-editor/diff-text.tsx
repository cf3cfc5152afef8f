/**
 * Diffs drawn as text: removed and added runs marked in words as well as by <del>/<ins> (whose meaning
 * screen readers may not announce). Used by History (two revisions), the source panel (the source since
 * the translation's base), the pending changes (against the live text) and the conflict view (theirs against yours).
 */
import { useMemo } from "react";
import { diffWordsWithSpace } from "diff";
import { diffParts, diffRevisions, type DiffPart, type FieldDiff, type RevisionField } from "#core/revisions.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import type { EditorLanguage } from "./editor-shared.ts";

export function DiffText({ parts }: { parts: readonly DiffPart[] }) {
  const { t } = useAdminText();
  return parts.map((part, index) =>
    part.change === "added" ? (
      <ins key={index}>
        <span className="visually-hidden">[{t("admin.diff.added")} </span>
        {part.value}
        <span className="visually-hidden">]</span>
      </ins>
    ) : part.change === "removed" ? (
      <del key={index}>
        <span className="visually-hidden">[{t("admin.diff.removed")} </span>
        {part.value}
        <span className="visually-hidden">]</span>
      </del>
    ) : (
      <span key={index}>{part.value}</span>
    ),
  );
}

/** The words removed and added from `before` to `after`, spaces kept. */
export function WordDiff({ before, after, lang, dir }: { before: string; after: string; lang: string; dir: string }) {
  const parts = useMemo(() => diffParts(diffWordsWithSpace(before, after)), [before, after]);
  return (
    <p className="source-diff__text" lang={lang} dir={dir}>
      <DiffText parts={parts} />
    </p>
  );
}

export const FIELD_TEXT_KEYS: Record<RevisionField, string> = {
  title: "admin.common.title",
  slug: "admin.history.slug",
  summary: "admin.common.summary",
  coverAlt: "admin.common.cover_alt",
  status: "admin.common.status",
  body: "admin.common.body",
};

/**
 * One field's changes under its name. `bodyLabel` names the body's scrolling region ("Changes to the body"),
 * distinct per diff on the page; `level` keeps the field names one below the heading of what they are part of.
 */
export function FieldChanges({
  diff,
  language,
  bodyLabel,
  level = 4,
}: {
  diff: FieldDiff;
  language: EditorLanguage;
  bodyLabel: string;
  level?: 4 | 5;
}) {
  // Words in the version's language; the slug and status are not prose.
  const textAttributes =
    diff.field === "slug" || diff.field === "status"
      ? { dir: "ltr" as const }
      : { lang: language.code, dir: language.dir };
  const { t } = useAdminText();
  const Heading = level === 4 ? "h4" : "h5";
  return (
    <div className="history__field">
      <Heading>{t(FIELD_TEXT_KEYS[diff.field])}</Heading>
      {/* The body's changes scroll: a focusable region, so keyboard users can scroll it too. */}
      <div
        className={diff.field === "body" ? "history__diff history__diff--body" : "history__diff"}
        {...textAttributes}
        {...(diff.field === "body" && { role: "region", "aria-label": bodyLabel, tabIndex: 0 })}
      >
        <DiffText parts={diff.parts} />
      </div>
    </div>
  );
}

/** A version's words (what a save sends and a diff compares). */
export interface VersionText {
  title: string;
  slug: string;
  summary: string;
  body: string;
  coverAlt: string;
}

/** The fields that differ from `before` to `after`, each with its changes; nothing when they are the same. */
export function TextChanges({
  before,
  after,
  language,
  bodyLabel,
  level,
}: {
  before: VersionText;
  after: VersionText;
  language: EditorLanguage;
  bodyLabel: string;
  level: 4 | 5;
}) {
  const changed = useMemo(
    () =>
      diffRevisions({ ...before, status: "draft" }, { ...after, status: "draft" }, language.code).filter(
        (diff) => diff.changed,
      ),
    [before, after, language.code],
  );
  return changed.map((diff) => (
    <FieldChanges key={diff.field} diff={diff} language={language} bodyLabel={bodyLabel} level={level} />
  ));
}
