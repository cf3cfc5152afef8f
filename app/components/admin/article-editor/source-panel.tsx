/**
 * The source beside a translation (issue 10 item 3): its text rendered or as Markdown, the
 * translation's status, what changed in the source since the translation's base revision
 * (a word diff, jsdiff) and "Mark up to date", which changes nothing but the base (audited).
 */
import { useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { diffWordsWithSpace } from "diff";
import { currentSourceText, type AdminArticle, type AdminArticleVersion, type SourceText } from "#core/admin/articles/schema.ts";
import { renderMarkdown } from "#core/markdown.ts";
import { diffParts } from "#core/revisions.ts";
import { TRANSLATION_STATUS_LABELS } from "#core/translation-status.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";
import { api } from "#app/lib/api-client.ts";
import type { MediaByID } from "#app/components/admin/media/editor-images.tsx";
import { DiffText } from "./diff-text.tsx";
import { ARTICLES_API, type EditorLanguage } from "./editor-shared.ts";

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The words removed and added in the source since the translation's base. */
function WordDiff({ before, after, lang, dir }: { before: string; after: string; lang: string; dir: string }) {
  const parts = useMemo(() => diffParts(diffWordsWithSpace(before, after)), [before, after]);
  return (
    <p className="source-diff__text" lang={lang} dir={dir}>
      <DiffText parts={parts} />
    </p>
  );
}

const FIELDS = [
  ["title", "Title"],
  ["summary", "Summary"],
  ["body", "Body (Markdown)"],
  ["coverAlt", "Cover description"],
] as const;

function SourceDiff({ base, current, language }: { base: SourceText | null; current: SourceText; language: EditorLanguage }) {
  if (base === null || base.code !== current.code) {
    return (
      <p className="source-diff__none">
        {base === null
          ? "The source text this translation was made from is no longer kept, so no comparison can be shown: compare with the whole source."
          : "The source language changed since this translation was made: compare with the whole source."}
      </p>
    );
  }
  const changed = FIELDS.filter(([field]) => base[field] !== current[field]);
  return (
    <div className="source-diff">
      <p className="source-diff__intro">
        Changes to the source since revision {base.revision} ({day.format(new Date(base.at))} UTC), the one this translation was made from:
      </p>
      {changed.length === 0 && <p>The text is the same; only other fields changed.</p>}
      {changed.map(([field, label]) => (
        <div key={field} className="source-diff__field">
          <h4>{label}</h4>
          <WordDiff before={base[field]} after={current[field]} lang={language.code} dir={language.dir} />
        </div>
      ))}
    </div>
  );
}

interface SourcePanelProps {
  article: AdminArticle;
  /** The source language and its version. */
  sourceLanguage: EditorLanguage;
  source: AdminArticleVersion;
  /** The translation shown beside (null while it is new). */
  translation: AdminArticleVersion | null;
  translationLanguage: EditorLanguage;
  /** The source's text at the translation's base revision, when kept. */
  base: SourceText | null;
  media: MediaByID;
  onSaved: (message: string) => void;
}

export function SourcePanel({ article, sourceLanguage, source, translation, translationLanguage, base, media, onSaved }: SourcePanelProps) {
  const revalidator = useRevalidator();
  const { t } = useAdminText();
  const [view, setView] = useState<"rendered" | "markdown">("rendered");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const html = useMemo(() => renderMarkdown(source.body, { media, language: source.code }), [source.body, media, source.code]);
  const text = { lang: sourceLanguage.code, dir: sourceLanguage.dir };
  const current: SourceText = currentSourceText(article, source);
  const outdated = translation !== null && translation.baseRevision < article.sourceRevision;

  async function post(path: string, body: unknown, done: string) {
    setBusy(true);
    setProblem(null);
    try {
      await api.post(`${ARTICLES_API}/${article.id}${path}`, body);
      onSaved(done);
      await revalidator.revalidate();
    } catch (error) {
      setProblem(failureMessage(error, t("admin.common.could_not", { action: "save this" }), t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="source-panel" aria-labelledby="source-heading">
      <h3 id="source-heading" className="source-panel__heading">
        Source: <span {...text}>{sourceLanguage.label}</span> <span className="version-form__code">({sourceLanguage.code})</span>
      </h3>
      <p className="source-panel__facts">
        Revision {article.sourceRevision}, changed {day.format(new Date(current.at))} UTC.
        {translation && (
          <>
            {" "}
            The <span {...{ lang: translationLanguage.code, dir: translationLanguage.dir }}>{translationLanguage.label}</span> translation is{" "}
            <strong className={`translation-status translation-status--${translation.translation}`}>{TRANSLATION_STATUS_LABELS[translation.translation]}</strong>
            {outdated ? ` (made from revision ${translation.baseRevision})` : ""}.
          </>
        )}
      </p>
      {translation && (
        <div className="source-panel__actions">
          {outdated && (
            <button type="button" className="button button--small" disabled={busy} onClick={() => void post(`/versions/${encodeURIComponent(translationLanguage.code)}/up-to-date`, {}, `${translationLanguage.label} marked up to date with the source.`)}>
              Mark up to date
            </button>
          )}
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={busy}
            onClick={() => void api.patch(`${ARTICLES_API}/${article.id}`, { sourceLanguage: translationLanguage.code }).then(
              async () => {
                onSaved(`${translationLanguage.label} is now the source language.`);
                await revalidator.revalidate();
              },
              (error: unknown) => setProblem(failureMessage(error, t("admin.common.could_not", { action: "change the source language" }), t)),
            )}
          >
            Make {translationLanguage.label} the source
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="admin-field__error">
          {problem}
        </p>
      )}
      {outdated && <SourceDiff base={base} current={current} language={sourceLanguage} />}

      <div className="source-panel__switch" role="group" aria-label="Show the source">
        {(["rendered", "markdown"] as const).map((option) => (
          <button key={option} type="button" className="button button--small button--secondary" aria-pressed={view === option} onClick={() => setView(option)}>
            {option === "rendered" ? "Rendered" : "Markdown"}
          </button>
        ))}
      </div>
      <div className="source-panel__text" {...text}>
        <p className="version-form__preview-headline">{source.title}</p>
        {source.summary && <p className="source-panel__summary">{source.summary}</p>}
        {view === "rendered" ? <div className="prose" dangerouslySetInnerHTML={{ __html: html }} /> : <pre className="source-panel__markdown">{source.body}</pre>}
      </div>
    </section>
  );
}
