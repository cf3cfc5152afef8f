/**
 * Autosave of a translation's working draft (issue 45 item 6, decision 0214): while there are unsaved
 * changes, a "draft" save of them every few seconds — never a publication — from the ETag the form's text was
 * made from. The server keeps it beside the live text of a published version (decision 0150). A save refused
 * because someone else saved meanwhile (412) is never applied: it becomes the form's conflict, shown with both
 * texts, and autosave waits until it is resolved. What is typed while a save is on its way stays typed.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { versionInput, type AdminVersionDetail } from "#core/admin/articles/schema.ts";
import type { VersionText } from "#app/components/admin/article-editor/diff-text.tsx";
import { versionPrecondition } from "#app/components/admin/article-editor/editor-shared.ts";
import { staleCopyOf } from "#app/components/admin/article-editor/version-conflict.tsx";
import { versionApi } from "#app/components/admin/article-editor/version-requests.ts";
import { VERSION_FIELDS, versionBody } from "#app/components/admin/article-editor/version-text.ts";
import type { useStoredVersion } from "#app/components/admin/article-editor/version-writes.ts";
import type { AdminForm } from "#app/components/admin/admin-form.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

/** How long after the first unsaved keystroke the draft is saved (and again while typing goes on). */
export const AUTOSAVE_DELAY_MS = 3_000;

export type AutosaveState =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; at: string; etag: string | null }
  | { state: "invalid" }
  | { state: "refused" }
  | { state: "failed"; message: string };

interface AutosaveOptions {
  /** Whether autosave may run: a translation the person may write, no other write on its way. */
  enabled: boolean;
  articleId: number;
  code: string;
  sourceRevision: number | null;
  /** The typed text (a change schedules the next save). */
  typed: VersionText;
  /** How many of a body's segments are machine suggestions as taken (decision 0218). */
  machineSegments: (body: string) => number;
}

export function useAutosave(
  { form }: AdminForm<VersionText>,
  { stored, conflict, setConflict, adopt }: ReturnType<typeof useStoredVersion>,
  { enabled, articleId, code, sourceRevision, typed, machineSegments }: AutosaveOptions,
) {
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<AutosaveState>({ state: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dirty = form.formState.isDirty;
  const active = enabled && dirty && conflict === null;
  const saving = status.state === "saving";

  async function save() {
    const text = form.getValues();
    // Saved only as the API would take it; the fields' errors wait for the person's own save.
    if (!versionInput.safeParse(versionBody(text, "draft", sourceRevision)).success) {
      setStatus({ state: "invalid" });
      return;
    }
    setStatus({ state: "saving" });
    try {
      const answer = await api.tagged.put<{ version: AdminVersionDetail }>(
        versionApi(articleId, code),
        versionBody(text, "draft", sourceRevision, machineSegments(text.body)),
        versionPrecondition(stored.etag),
      );
      // What was typed while the save was on its way stays, and stays unsaved.
      const typedSince = form.getValues();
      adopt(answer.data.version, answer.etag, true);
      for (const field of VERSION_FIELDS)
        if (typedSince[field] !== text[field]) form.setValue(field, typedSince[field], { shouldDirty: true });
      setStatus({ state: "saved", at: new Date().toISOString(), etag: answer.etag });
      await revalidator.revalidate();
    } catch (error) {
      const stale = staleCopyOf(error);
      if (stale) {
        setConflict({ stale, action: "save" });
        setStatus({ state: "refused" });
      } else setStatus({ state: "failed", message: failureMessage(error, t("admin.editor.version_failed"), t) });
    }
  }

  // The timer runs the save of the latest render: its ETag is the one the typed text is now based on.
  const latestSave = useRef(save);
  useLayoutEffect(() => {
    latestSave.current = save;
  });

  // The first unsaved change starts the clock; typing on does not push it back, so a long burst is saved too.
  const serialized = JSON.stringify(typed);
  useEffect(() => {
    if (!active || saving || timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void latestSave.current();
    }, AUTOSAVE_DELAY_MS);
  }, [active, saving, serialized]);
  // Stopped (a conflict, a write of the person's own, the form gone): no save left behind.
  useEffect(() => {
    if (active || timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
  }, [active]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  // The stored text is autosaved work until another write (the person's own save, "take theirs") replaces it.
  const holdsWork = saving || (status.state === "saved" && status.etag === stored.etag);
  return { status, saving, holdsWork };
}

/**
 * The form's own writes, made after an autosave on its way, from the ETag that save answers: made at once,
 * both would name the same ETag and the second would be refused as a conflict with oneself. The queued write
 * runs once the render with the save's answer is committed.
 */
export function useWriteAfterAutosave<Action>(
  saving: boolean,
  write: (action: Action, from?: string | null) => void,
): (action: Action, from?: string | null) => void {
  const [queued, setQueued] = useState<{ action: Action } | null>(null);
  const latestWrite = useRef(write);
  useLayoutEffect(() => {
    latestWrite.current = write;
  });
  useEffect(() => {
    if (queued === null || saving) return;
    setQueued(null);
    latestWrite.current(queued.action);
  }, [queued, saving]);
  return (action, from) => {
    if (saving) setQueued({ action });
    else write(action, from);
  };
}
