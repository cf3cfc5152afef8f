/**
 * A save refused because someone else saved first (412, decision 0151): the screen keeps the person's
 * own text in its fields and shows this notice with what the other person saved. "Save mine anyway"
 * sends the same change again with the ETag the 412 carried; "Take theirs" puts their state in the
 * fields. Focus moves to the notice, so keyboard and screen-reader users learn of it at once.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { ApiError } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

/** What a 412 said: the resource as it is now (null: removed meanwhile) and its ETag (null then). */
export interface Conflict<T> {
  current: T | null;
  etag: string | null;
}

/** The conflict a failed write met, or null when it failed for another reason. */
export function conflictOf<T>(error: unknown): Conflict<T> | null {
  if (!(error instanceof ApiError) || error.status !== 412 || error.body === null) return null;
  return { current: (error.body.current ?? null) as T | null, etag: error.body.etag ?? null };
}

/** If-Match, or If-None-Match: * (a create) — what a write names of the state it was made from. */
export interface WritePreconditions {
  ifMatch?: string;
  ifNoneMatch?: "*";
}

/**
 * The preconditions of a write made from the state with this ETag: If-Match, or If-None-Match: * when
 * there was none (a text not written yet, or one the other person removed: saving mine creates it again).
 */
export function writtenFrom(etag: string | null): WritePreconditions {
  return etag === null ? { ifNoneMatch: "*" } : { ifMatch: etag };
}

interface ConflictNoticeProps {
  /** What the other person saved, as the screen shows it; null when they removed it. */
  theirs: ReactNode | null;
  busy?: boolean;
  onSaveMine: () => void;
  onTakeTheirs: () => void;
}

export function ConflictNotice({ theirs, busy = false, onSaveMine, onTakeTheirs }: ConflictNoticeProps) {
  const { t } = useAdminText();
  const id = useId();
  const notice = useRef<HTMLElement>(null);
  useEffect(() => {
    notice.current?.focus();
  }, []);
  return (
    <section
      ref={notice}
      tabIndex={-1}
      className="conflict-notice"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-explain`}
    >
      <h3 id={`${id}-title`} className="conflict-notice__title">
        {t("admin.conflict.title")}
      </h3>
      <p id={`${id}-explain`}>{t("admin.conflict.explain")}</p>
      {theirs === null ? (
        <p>{t("admin.conflict.removed")}</p>
      ) : (
        <div className="conflict-notice__theirs">
          <p>{t("admin.conflict.theirs")}</p>
          {theirs}
        </div>
      )}
      <div className="conflict-notice__actions">
        <button type="button" className="button button--small" disabled={busy} onClick={onSaveMine}>
          {t("admin.conflict.save_mine")}
        </button>
        <button type="button" className="button button--small button--secondary" disabled={busy} onClick={onTakeTheirs}>
          {t("admin.conflict.take_theirs")}
        </button>
      </div>
    </section>
  );
}
