/**
 * One language version: its fields, a live preview through the public pages' Markdown renderer, and
 * what can be done with it (decision 0150): Save draft (never touches the live page: on a live version
 * it saves pending changes beside the live text), Publish, Unpublish… and Discard pending changes
 * (both confirmed), Delete. Every write names the ETag the form's text was made from (decision 0151);
 * a 412 opens the conflict view and keeps what was typed (decision 0152). Ctrl/Cmd+S saves the draft.
 * The typed text, whether it is saved, and the fields' errors are react-hook-form's (decision 0185).
 */
import { useRef, useState, type Ref } from "react";
import type { AdminArticleVersion, AdminVersionDetail } from "#core/admin/articles/schema.ts";
import { useAdminForm } from "#app/components/admin/admin-form.ts";
import { FormErrorSummary } from "#app/components/admin/form-fields.tsx";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useTypedBeforeHydration } from "#app/lib/typed-before-hydration.ts";
import { AutosaveStatus } from "#app/components/admin/workbench/autosave-status.tsx";
import type { Workbench } from "#app/components/admin/workbench/translation-writing.tsx";
import { useAutosave, useWriteAfterAutosave } from "#app/components/admin/workbench/use-autosave.ts";
import { MachineMarksContext, useMachineMarksState } from "#app/components/admin/workbench/machine-marks.ts";
import { machineSegmentsIn } from "#core/segments/machine.ts";
import type { EditorLanguage, EditorMediaProps } from "./editor-shared.ts";
import { useSaveShortcut } from "./use-save-shortcut.ts";
import { VersionActions, type VersionRights } from "./version-actions.tsx";
import { ConflictView, editedText } from "./version-conflict.tsx";
import {
  typedTextHandlers,
  useSlugFollowsTitle,
  useTypedText,
  VersionFields,
  versionFieldId,
} from "./version-fields.tsx";
import { VersionPresenceNotice } from "./version-presence.tsx";
import { VersionState } from "./version-state.tsx";
import { VERSION_FIELDS, VERSION_TEXT_KEYS, versionCheck } from "./version-text.ts";
import { useFocusAfterAction, useStoredVersion, useVersionWrites } from "./version-writes.ts";

interface VersionFormProps {
  articleId: number;
  language: EditorLanguage;
  version: AdminVersionDetail | null;
  /** The ETag of `version` as the page read it. */
  etag: string | null;
  publicPath: string | null;
  onSaved: (message: string) => void;
  /** The article's saved cover: its alt text is part of this version's. */
  cover: string | null;
  /** The source version, for a new translation to start from a copy of it. */
  source: AdminArticleVersion | null;
  /** The source revision shown beside a translation, sent with its saves (null for the source itself). */
  sourceRevision: number | null;
  /** Who is signed in: the author of pending changes may discard them. */
  viewerUid: string;
  /** A translation's source for the segment view and autosave (decisions 0210, 0214); null for the source itself. */
  workbench: Workbench | null;
}

interface VersionHeaderProps {
  language: EditorLanguage;
  current: AdminVersionDetail | null;
  articleId: number;
  mayRead: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  stateRef: Ref<HTMLDivElement>;
}

/** The version's language, where it stands, and who else has it open. */
function VersionHeader({ language, current, articleId, mayRead, headingRef, stateRef }: VersionHeaderProps) {
  const { t } = useAdminText();
  return (
    <>
      <h3 id="version-heading" ref={headingRef} tabIndex={-1} className="version-form__heading">
        <span lang={language.code} dir={language.dir}>
          {language.label}
        </span>{" "}
        <span className="version-form__code">({language.code})</span>
        {current === null && <span className="version-form__new"> — {t("admin.version.new_translation")}</span>}
      </h3>
      {current && <VersionState ref={stateRef} version={current} language={language} />}
      {mayRead && <VersionPresenceNotice articleId={articleId} code={language.code} languageLabel={language.label} />}
    </>
  );
}

/** Why the fields are read-only, or what a translator's save of a live version does. */
function RightsNotes({ language, live, rights }: { language: EditorLanguage; live: boolean; rights: VersionRights }) {
  const { t } = useAdminText();
  return (
    <>
      {!rights.mayEdit && (
        <p className="version-form__read-only" role="note">
          {t("admin.version.not_your_language", { language: language.label, code: language.code })}
        </p>
      )}
      {rights.mayEdit && live && !rights.mayPublish && (
        <p className="admin-field__hint">{t("admin.version.pending_for_translators")}</p>
      )}
    </>
  );
}

/** What the signed-in person may do with this language's version. */
function useVersionRights(
  language: EditorLanguage,
  current: AdminVersionDetail | null,
  viewerUid: string,
): VersionRights & { mayRead: boolean } {
  const may = useMay();
  const mayPublish = may("publish", language.code);
  const pending = current?.pendingChanges ?? null;
  return {
    mayRead: may("read", language.code),
    mayEdit: may("translate", language.code),
    mayPublish,
    mayDiscard: pending !== null && (mayPublish || pending.updatedBy?.uid === viewerUid),
  };
}

export function VersionForm({
  articleId,
  language,
  version,
  etag,
  publicPath,
  onSaved,
  cover,
  source,
  sourceRevision,
  viewerUid,
  workbench,
  ...media
}: VersionFormProps & EditorMediaProps) {
  const { t } = useAdminText();
  const adminForm = useAdminForm(versionCheck, { defaultValues: editedText(version) });
  const { form } = adminForm;
  const dirty = form.formState.isDirty;
  const typed = useTypedText(form.control);
  const slug = useSlugFollowsTitle(form, version);
  const storedVersion = useStoredVersion(version, etag, adminForm);
  const { stored, conflict } = storedVersion;
  const { stateRef, headingRef, settle } = useFocusAfterAction();
  // The source revision the text is made from: the one the page shows, except while the stored text is autosaved
  // work — the page is read again after each autosave, and a newer source it shows was not what was typed from.
  const [madeFrom, setMadeFrom] = useState(sourceRevision);
  const machine = useMachineMarksState(workbench?.machine ?? false);
  const machineSegments = (body: string) => machineSegmentsIn(body, machine.taken);
  const writes = useVersionWrites(adminForm, storedVersion, {
    articleId,
    language,
    sourceRevision: madeFrom,
    onSaved,
    onTookTheirs: slug.follow,
    onSettled: settle,
    machineSegments,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const current = stored.version;
  const rights = useVersionRights(language, current, viewerUid);
  const live = current?.status === "published";
  const showPublish = rights.mayPublish && (!live || current.pendingChanges !== null || dirty);

  // After useStoredVersion: its effect runs first on mount, then what was typed before hydration is taken up.
  useTypedBeforeHydration(typedTextHandlers(slug));
  // A translation's working draft saves itself (decision 0214); the person's own writes wait for a save on its way.
  const autosave = useAutosave(adminForm, storedVersion, {
    enabled: workbench !== null && current !== null && rights.mayEdit && !writes.busy,
    articleId,
    code: language.code,
    sourceRevision: madeFrom,
    typed,
    machineSegments,
  });
  if (!autosave.holdsWork && madeFrom !== sourceRevision) setMadeFrom(sourceRevision);
  const write = useWriteAfterAutosave(autosave.saving, writes.write);
  useSaveShortcut(rights.mayEdit, formRef, () => write("save"));

  const labels = Object.fromEntries(
    VERSION_FIELDS.map((field) => [field, t(VERSION_TEXT_KEYS[field])]),
  ) as typeof VERSION_TEXT_KEYS;
  return (
    <form
      ref={formRef}
      className="admin-form version-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        write("save");
      }}
      aria-busy={writes.busy}
      aria-labelledby="version-heading"
    >
      <VersionHeader
        language={language}
        current={current}
        articleId={articleId}
        mayRead={rights.mayRead}
        headingRef={headingRef}
        stateRef={stateRef}
      />
      {conflict && (
        <ConflictView
          conflict={conflict.stale}
          action={conflict.action}
          mine={typed}
          language={language}
          busy={writes.busy}
          onKeepMine={() => write(conflict.action, conflict.stale.etag)}
          onTakeTheirs={writes.takeTheirs}
        />
      )}
      <FormErrorSummary formErrors={adminForm} labels={labels} idFor={versionFieldId} />
      <RightsNotes language={language} live={live} rights={rights} />
      <fieldset className="version-form__fields" disabled={!rights.mayEdit}>
        <MachineMarksContext.Provider value={machine}>
          <VersionFields
            control={form.control}
            typed={typed}
            slug={slug}
            articleId={articleId}
            language={language}
            labels={labels}
            cover={cover}
            publishing={showPublish}
            copyFrom={current === null ? source : null}
            workbench={workbench}
            {...media}
          />
        </MachineMarksContext.Provider>
      </fieldset>
      {workbench && current && rights.mayEdit && <AutosaveStatus status={autosave.status} dirty={dirty} />}
      <VersionActions
        {...{ current, language, rights, showPublish, dirty, publicPath }}
        busy={writes.busy || autosave.saving}
        confirming={writes.confirming}
        onWrite={write}
        onConfirm={writes.setConfirming}
        onDelete={() => void writes.deleteVersion()}
      />
    </form>
  );
}
