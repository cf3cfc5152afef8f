/**
 * A save refused because someone else saved the version meanwhile (412, decision 0151): what they
 * saved, their text against what was typed here, and a choice — keep mine (the same action again,
 * made from their save's ETag), take theirs (into the form) or copy mine (to the clipboard). The form
 * keeps the typed text until a choice is made. Focus moves to the view's heading, so a screen reader
 * reads what happened and the choices follow in order.
 */
import { useEffect, useRef, useState } from "react";
import type { AdminVersionDetail } from "#core/admin/articles/schema.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { TextChanges, type VersionText } from "./diff-text.tsx";
import type { EditorLanguage } from "./editor-shared.ts";

/** The actions of the editor that write the version, each refused with a 412 from a stale copy. */
export type VersionAction = "save" | "publish" | "unpublish" | "discard";

/** The version as a refused write found it: null when it was deleted meanwhile. */
export interface StaleCopy {
  current: AdminVersionDetail | null;
  etag: string | null;
}

/** The 412's current state and ETag, or null when `error` is not a refusal of a stale copy. */
export function staleCopyOf(error: unknown): StaleCopy | null {
  if (!(error instanceof ApiError) || error.status !== 412 || error.body === null) return null;
  const current = error.body.current as { version?: AdminVersionDetail } | null | undefined;
  return { current: current?.version ?? null, etag: error.body.etag ?? null };
}

/** The text a version's form edits: its pending changes when it has some, else its stored text. */
export function editedText(version: AdminVersionDetail | null): VersionText {
  const text = version?.pendingChanges ?? version;
  return {
    title: text?.title ?? "",
    slug: text?.slug ?? "",
    summary: text?.summary ?? "",
    body: text?.body ?? "",
    coverAlt: text?.coverAlt ?? "",
  };
}

/** The typed text as one plain text to paste elsewhere: title, summary, body, then the cover's alt text. */
function asPlainText(text: VersionText): string {
  return [text.title, text.summary, text.body, text.coverAlt].filter((part) => part.trim() !== "").join("\n\n");
}

interface ConflictViewProps {
  conflict: StaleCopy;
  action: VersionAction;
  mine: VersionText;
  language: EditorLanguage;
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

export function ConflictView({ conflict, action, mine, language, busy, onKeepMine, onTakeTheirs }: ConflictViewProps) {
  const { t, dateTime } = useAdminText();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<"done" | "failed" | null>(null);
  // After the commit's other effects: a confirmation dialog closing in the same commit gives focus back to its opener first.
  useEffect(() => {
    const frame = requestAnimationFrame(() => heading.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [conflict]);
  const theirs = conflict.current;
  const by = theirs?.pendingChanges?.updatedBy?.name ?? null;
  const at = theirs ? (theirs.pendingChanges?.updatedAt ?? theirs.updatedAt) : null;
  const theirText = editedText(theirs);
  const same =
    theirs !== null && (Object.keys(mine) as (keyof VersionText)[]).every((field) => mine[field] === theirText[field]);

  async function copyMine() {
    try {
      await navigator.clipboard.writeText(asPlainText(mine));
      setCopied("done");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <section className="version-conflict" aria-labelledby="version-conflict-title">
      <h4 id="version-conflict-title" ref={heading} tabIndex={-1} className="version-conflict__title">
        {t(theirs === null ? "admin.version_conflict.deleted_title" : "admin.version_conflict.title", {
          language: language.label,
        })}
      </h4>
      {theirs !== null && at !== null && (
        <p>
          {by === null
            ? t("admin.version_conflict.saved_at", { at: dateTime(at) })
            : t("admin.version_conflict.saved_by", { name: by, at: dateTime(at) })}{" "}
          {t(theirs.status === "published" ? "admin.version_conflict.now_live" : "admin.version_conflict.now_draft")}
        </p>
      )}
      <p>{t(`admin.version_conflict.kept_${action === "save" || action === "publish" ? "typed" : "nothing_done"}`)}</p>
      {theirs !== null &&
        (same ? (
          <p>{t("admin.version_conflict.same_text")}</p>
        ) : (
          <div className="version-conflict__changes">
            <p className="admin-field__hint">{t("admin.version_conflict.legend")}</p>
            <TextChanges
              before={theirText}
              after={mine}
              language={language}
              bodyLabel={t("admin.version_conflict.body_changes")}
              level={5}
            />
          </div>
        ))}
      <div className="version-conflict__actions">
        <button type="button" className="button" disabled={busy} onClick={onKeepMine}>
          {t(`admin.version_conflict.keep_${action}`)}
        </button>
        {theirs !== null && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={onTakeTheirs}>
            {t("admin.version_conflict.take_theirs")}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => void copyMine()}>
          {t("admin.version_conflict.copy_mine")}
        </button>
      </div>
      <p role="status" className="version-conflict__copied">
        {copied && t(copied === "done" ? "admin.version_conflict.copied" : "admin.version_conflict.copy_failed")}
      </p>
    </section>
  );
}
