/**
 * The source beside a translation (issue 10 item 3): its text rendered or as Markdown, the
 * translation's status, what changed in the source since the translation's base revision
 * (a word diff, jsdiff) and "Mark up to date", which changes nothing but the base (audited).
 */
import { useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import {
  currentSourceText,
  type AdminArticle,
  type AdminArticleVersion,
  type SourceText,
} from "#core/admin/articles/schema.ts";
import { renderMarkdown } from "#core/markdown.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useMay } from "#app/lib/admin-grant.ts";
import { api } from "#app/lib/api-client.ts";
import type { MediaByID } from "#app/components/admin/media/editor-images.tsx";
import { ViewSwitch } from "#app/components/admin/view-switch.tsx";
import { WordDiff } from "./diff-text.tsx";
import { ARTICLES_API, versionPrecondition, type EditorLanguage } from "./editor-shared.ts";

const FIELDS = [
  ["title", "admin.common.title"],
  ["summary", "admin.common.summary"],
  ["body", "admin.source.body_markdown"],
  ["coverAlt", "admin.common.cover_alt"],
] as const;

function SourceDiff({
  base,
  current,
  language,
}: {
  base: SourceText | null;
  current: SourceText;
  language: EditorLanguage;
}) {
  const { t, dateTime } = useAdminText();
  if (base === null || base.code !== current.code) {
    return (
      <p className="source-diff__none">
        {t(base === null ? "admin.source.base_gone" : "admin.source.language_changed")}
      </p>
    );
  }
  const changed = FIELDS.filter(([field]) => base[field] !== current[field]);
  return (
    <div className="source-diff">
      <p className="source-diff__intro">
        {t("admin.source.changes_since", { revision: base.revision, at: dateTime(base.at) })}
      </p>
      {changed.length === 0 && <p>{t("admin.source.only_other_fields")}</p>}
      {changed.map(([field, label]) => (
        <div key={field} className="source-diff__field">
          <h4>{t(label)}</h4>
          <WordDiff before={base[field]} after={current[field]} lang={language.code} dir={language.dir} />
        </div>
      ))}
    </div>
  );
}

interface SourcePanelProps {
  article: AdminArticle;
  /** The ETag of the article's fields as read: choosing the source language changes them (decision 0151). */
  fieldsEtag: string | null;
  /** The source language and its version. */
  sourceLanguage: EditorLanguage;
  source: AdminArticleVersion;
  /** The translation shown beside (null while it is new). */
  translation: AdminArticleVersion | null;
  translationLanguage: EditorLanguage;
  /** The translation's ETag: marking it up to date is a write of it (decision 0151). */
  translationEtag: string | null;
  /** The source's text at the translation's base revision, when kept. */
  base: SourceText | null;
  media: MediaByID;
  onSaved: (message: string) => void;
}

export function SourcePanel({
  article,
  fieldsEtag,
  sourceLanguage,
  source,
  translation,
  translationLanguage,
  translationEtag,
  base,
  media,
  onSaved,
}: SourcePanelProps) {
  const revalidator = useRevalidator();
  const { t, dateTime } = useAdminText();
  const may = useMay();
  // Marking up to date changes what the public page says of the translation: a publisher's act (decision 0150);
  // choosing the source language changes the article, an editor's (server/auth/access.ts).
  const mayMark = may("publish", translationLanguage.code);
  const mayChangeSource = may("content.manage");
  const [view, setView] = useState<"rendered" | "markdown">("rendered");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const html = useMemo(
    () => renderMarkdown(source.body, { media, language: source.code }),
    [source.body, media, source.code],
  );
  const text = { lang: sourceLanguage.code, dir: sourceLanguage.dir };
  const current: SourceText = currentSourceText(article, source);
  const outdated = translation !== null && translation.baseRevision < article.sourceRevision;

  async function post(path: string, body: unknown, done: string, couldNot: string) {
    setBusy(true);
    setProblem(null);
    try {
      await api.post(`${ARTICLES_API}/${article.id}${path}`, body, versionPrecondition(translationEtag));
      onSaved(done);
      await revalidator.revalidate();
    } catch (error) {
      setProblem(failureMessage(error, couldNot, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="source-panel" aria-labelledby="source-heading">
      <h3 id="source-heading" className="source-panel__heading">
        {t("admin.source.heading")} <span {...text}>{sourceLanguage.label}</span>{" "}
        <span className="version-form__code">({sourceLanguage.code})</span>
      </h3>
      <p className="source-panel__facts">
        {t("admin.source.facts", { revision: article.sourceRevision, at: dateTime(current.at) })}
        {translation && (
          <>
            {" "}
            {t("admin.source.translation_is", { language: translationLanguage.label })}{" "}
            <strong className={`translation-status translation-status--${translation.translation}`}>
              {t(`admin.status_label.${translation.translation}`)}
            </strong>
            {outdated ? ` ${t("admin.source.made_from", { revision: translation.baseRevision })}` : ""}
          </>
        )}
      </p>
      {translation && (mayMark || mayChangeSource) && (
        <div className="source-panel__actions">
          {outdated && mayMark && (
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              onClick={() =>
                void post(
                  `/versions/${encodeURIComponent(translationLanguage.code)}/up-to-date`,
                  {},
                  t("admin.source.marked", { language: translationLanguage.label }),
                  t("admin.source.mark_failed"),
                )
              }
            >
              {t("admin.source.mark_up_to_date")}
            </button>
          )}
          {mayChangeSource && (
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={busy}
              onClick={() =>
                void api
                  .patch(
                    `${ARTICLES_API}/${article.id}`,
                    { sourceLanguage: translationLanguage.code },
                    fieldsEtag === null ? {} : { ifMatch: fieldsEtag },
                  )
                  .then(
                    async () => {
                      onSaved(t("admin.source.now_source", { language: translationLanguage.label }));
                      await revalidator.revalidate();
                    },
                    (error: unknown) => setProblem(failureMessage(error, t("admin.source.source_failed"), t)),
                  )
              }
            >
              {t("admin.source.make_source", { language: translationLanguage.label })}
            </button>
          )}
        </div>
      )}
      {problem && (
        <p role="alert" className="admin-field__error">
          {problem}
        </p>
      )}
      {outdated && <SourceDiff base={base} current={current} language={sourceLanguage} />}

      <ViewSwitch
        className="source-panel__switch"
        label={t("admin.source.show")}
        views={["rendered", "markdown"] as const}
        current={view}
        labelOf={(option) => t(`admin.source.${option}`)}
        onChange={setView}
      />
      <div className="source-panel__text" {...text}>
        <p className="version-form__preview-headline">{source.title}</p>
        {source.summary && <p className="source-panel__summary">{source.summary}</p>}
        {view === "rendered" ? (
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <pre className="source-panel__markdown">{source.body}</pre>
        )}
      </div>
    </section>
  );
}
