/**
 * The translation memory's matches for the segment being translated (issue 45 item 2, decision 0215): each with its
 * score, what differs between the memory's source and this segment (removed and added words), how often and how
 * lately it was used, and a button that hands its translation to `onAccept`. Texts keep their own language and
 * direction (lang, dir="auto"), so Arabic and Japanese read right inside any admin language.
 */
import type { MemoryMatchView } from "#core/admin/memory/schema.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { useAdminQuery } from "./use-admin-query.ts";
import "#app/styles/admin-glossary.css";

/** Characters of the segment sent: the text travels in the URL, which servers bound (an Arabic character is 6 bytes there). */
const MAX_SENT_CHARS = 1_500;

export interface WorkbenchPanelProps {
  sourceText: string;
  sourceLanguage: string;
  targetLanguage: string;
  onAccept: (text: string) => void;
}

function Differences({ match, language }: { match: MemoryMatchView; language: string }) {
  return (
    <p lang={language} dir="auto">
      {match.differences.map((part, index) =>
        part.change === "added" ? (
          <ins key={index}>{part.text}</ins>
        ) : part.change === "removed" ? (
          <del key={index}>{part.text}</del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function MemoryMatches({ sourceText, sourceLanguage, targetLanguage, onAccept }: WorkbenchPanelProps) {
  const { t, number, day } = useAdminText();
  const path =
    sourceText.trim() === ""
      ? null
      : `/api/admin/memory/matches?${new URLSearchParams({ from: sourceLanguage, to: targetLanguage, text: sourceText.slice(0, MAX_SENT_CHARS) })}`;
  const { data, error, loading } = useAdminQuery<{ matches: MemoryMatchView[] }>(path, t("admin.memory.failed"));
  const matches = data?.matches ?? [];
  return (
    <section className="workbench-panel" aria-labelledby="memory-matches-title" aria-busy={loading}>
      <h3 id="memory-matches-title">{t("admin.memory.title")}</h3>
      <p role="status" className="workbench-panel__meta">
        {loading
          ? t("admin.memory.loading")
          : (error ?? (path !== null && matches.length === 0 ? t("admin.memory.none") : ""))}
      </p>
      <ol>
        {matches.map((match) => (
          <li key={`${match.source}\u0000${match.target}`}>
            <p className="workbench-panel__meta">
              <strong>{t("admin.memory.score", { score: number(match.score) })}</strong> ·{" "}
              {t("admin.memory.uses", { count: number(match.uses) })} · {day(match.updatedAt)}
            </p>
            {match.score < 100 && (
              <>
                <span className="visually-hidden">{t("admin.memory.differences")}</span>
                <Differences match={match} language={sourceLanguage} />
              </>
            )}
            <p lang={targetLanguage} dir="auto">
              {match.target}
            </p>
            <button type="button" className="button button--small" onClick={() => onAccept(match.target)}>
              {t("admin.memory.accept_button")}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
