/**
 * The version form's writes (decisions 0150–0152): the version as last read or written here with its ETag,
 * Save draft / Publish / Unpublish / Discard pending changes / Delete, each naming that ETag, and a 412 kept
 * as the conflict the form shows with the typed text untouched.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { AdminVersionDetail } from "#core/admin/articles/schema.ts";
import type { AdminForm } from "#app/components/admin/admin-form.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import type { VersionText } from "./diff-text.tsx";
import { DISCARDING, versionPrecondition, type EditorLanguage } from "./editor-shared.ts";
import { editedText, staleCopyOf, type StaleCopy, type VersionAction } from "./version-conflict.tsx";
import { versionApi } from "./version-requests.ts";
import { sameText, VERSION_FIELDS, versionBody } from "./version-text.ts";

/** The version as last read or written here, with the ETag that names it (null: not created yet). */
export interface Stored {
  version: AdminVersionDetail | null;
  etag: string | null;
}

export interface VersionConflict {
  stale: StaleCopy;
  action: VersionAction;
}

/**
 * The stored version the form's text was made from. A change made elsewhere (a schedule falling due, History's
 * restore, another panel) reaches the form with the page's data: the form follows it when nothing was typed,
 * or when its text is the one the typing started from (a schedule changed only the status). Otherwise the
 * typed text stays on the older ETag, and its save meets the 412 and the conflict view.
 */
export function useStoredVersion(
  version: AdminVersionDetail | null,
  etag: string | null,
  { form }: AdminForm<VersionText>,
) {
  const [stored, setStored] = useState<Stored>({ version, etag });
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  const dirty = form.formState.isDirty;
  const [seenEtag, setSeenEtag] = useState(etag);
  // The ETags this form's own writes moved on from. The page's data can arrive after a write's answer yet be older
  // (read before the write, rendered late): taking it up would put the form back on the older version, and its next
  // save would meet a conflict with nobody else (seen after a publish). A version never comes back to an ETag it
  // left, as each write numbers a new revision.
  const [leftBehind, setLeftBehind] = useState<ReadonlySet<string>>(() => new Set());
  if (etag !== seenEtag) {
    setSeenEtag(etag);
    if (
      etag !== stored.etag &&
      !(etag !== null && leftBehind.has(etag)) &&
      conflict === null &&
      (!dirty || sameText(editedText(version), editedText(stored.version)))
    )
      setStored({ version, etag });
  }
  // Untyped, the fields show the stored text (the version's answer to this form's own writes is adopted at once).
  // Whether anything is typed is read as the effect runs, not from its render: a keystroke that lands between the
  // two (an autosave's answer rendered, the next key pressed before the effect) stays typed, not reset away.
  useEffect(() => {
    const text = editedText(stored.version);
    const typed = VERSION_FIELDS.some((field) => form.getFieldState(field).isDirty);
    if (!typed && !sameText(form.getValues(), text)) form.reset(text, { keepErrors: true });
  }, [stored.version, dirty, form]);

  /** Takes what the server answered as the stored version; the typed text follows unless `keepTyped` and something was typed. */
  function adopt(next: AdminVersionDetail | null, nextEtag: string | null, keepTyped = false) {
    const left = stored.etag;
    if (left !== null && left !== nextEtag) setLeftBehind((etags) => new Set(etags).add(left));
    setStored({ version: next, etag: nextEtag });
    form.reset(editedText(next), { keepValues: keepTyped });
    setConflict(null);
  }
  return { stored, conflict, setConflict, adopt };
}

export type Confirming = "unpublish" | "discard" | "delete" | null;

interface VersionWritesOptions {
  articleId: number;
  language: EditorLanguage;
  sourceRevision: number | null;
  onSaved: (message: string) => void;
  /** After "take theirs": the slug follows their title again. */
  onTookTheirs: () => void;
  /** After an action whose button may go away: focus is kept off <body>. */
  onSettled: () => void;
  /** How many of a body's segments are machine suggestions as taken (decision 0218). */
  machineSegments: (body: string) => number;
}

export function useVersionWrites(
  adminForm: AdminForm<VersionText>,
  { stored, conflict, setConflict, adopt }: ReturnType<typeof useStoredVersion>,
  { articleId, language, sourceRevision, onSaved, onTookTheirs, onSettled, machineSegments }: VersionWritesOptions,
) {
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const path = versionApi(articleId, language.code);
  const done: Record<VersionAction, (next: AdminVersionDetail) => string> = {
    save: (next) =>
      t(next.status === "published" ? "admin.version.saved_pending" : "admin.version.saved_draft", {
        language: language.label,
      }),
    publish: () => t("admin.version.saved_published", { language: language.label }),
    unpublish: () => t("admin.publishing.unpublished", { language: language.label }),
    discard: () => t("admin.version.discarded", { language: language.label }),
  };

  /** Sends one of the version's writes from the ETag `from`; `text` is the checked text for a save or a publish. */
  async function send(action: VersionAction, from: string | null, text?: VersionText) {
    setBusy(true);
    const sentValues = { ...adminForm.form.getValues() };
    try {
      const answer = text
        ? await api.tagged.put<{ version: AdminVersionDetail }>(
            path,
            versionBody(text, action === "publish" ? "published" : "draft", sourceRevision, machineSegments(text.body)),
            versionPrecondition(from),
          )
        : await api.tagged.post<{ version: AdminVersionDetail }>(`${path}/${action}`, {}, versionPrecondition(from));
      // Text typed while a save or a publish was on its way is newer than its answer: it stays, as unsaved changes.
      const typedSince = text !== undefined && !sameText(adminForm.form.getValues(), sentValues);
      adopt(answer.data.version, answer.etag, action === "unpublish" || typedSince);
      // Closed in the same render as the focus check: its opener (Discard, Unpublish…) may be gone.
      setConfirming(null);
      adminForm.clear();
      onSaved(done[action](answer.data.version));
      onSettled();
      // The rest of the page (tabs, History, publication) catches up behind it: the form is free at once (a Publish
      // pressed right after Save is not ignored), and page data read before this answer is never taken up.
      void revalidator.revalidate();
    } catch (error) {
      const stale = staleCopyOf(error);
      if (stale) {
        adminForm.clear();
        setConflict({ stale, action });
      } else adminForm.showFailure(error, VERSION_FIELDS, t("admin.editor.version_failed"));
    } finally {
      // A confirmation stays open, busy, until its action is done.
      setConfirming(null);
      setBusy(false);
    }
  }

  /** Runs a write from the ETag `from` (the form's own unless keeping mine over theirs); a save or a publish checks the text first. */
  function write(action: VersionAction, from: string | null = stored.etag) {
    if (busy) return;
    if (action === "save" || action === "publish") void adminForm.submit((text) => send(action, from, text))();
    else void send(action, from);
  }

  function takeTheirs() {
    if (!conflict) return;
    adopt(conflict.stale.current, conflict.stale.etag);
    onTookTheirs();
    onSaved(t("admin.version_conflict.took_theirs", { language: language.label }));
    onSettled();
    // The rest of the page (tabs, History, publication) catches up with their save too.
    void revalidator.revalidate();
  }

  async function deleteVersion() {
    setBusy(true);
    try {
      await api.delete(path, versionPrecondition(stored.etag));
      setConfirming(null);
      onSaved(t("admin.version.deleted", { language: language.label }));
      await navigate(`/admin/articles/${articleId}`, { preventScrollReset: true, state: DISCARDING });
    } catch (error) {
      setConfirming(null);
      adminForm.show({}, failureMessage(error, t("admin.editor.delete_version_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  return { busy, confirming, setConfirming, write, takeTheirs, deleteVersion };
}

/** After an action whose button goes away, focus goes to the version's state (else the form's heading), never to <body>. */
export function useFocusAfterAction() {
  const [settled, setSettled] = useState(0);
  const stateRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (settled === 0) return;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) (stateRef.current ?? headingRef.current)?.focus();
  }, [settled]);
  return { stateRef, headingRef, settle: () => setSettled((count) => count + 1) };
}
