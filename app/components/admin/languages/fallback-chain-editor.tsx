/**
 * A language's fallback chain (decision 0085): an ordered list of other languages with
 * move up / move down / remove buttons, and a select to add one. Plain buttons and a
 * select: works with a keyboard and a screen reader; each change is announced.
 */
import { useState } from "react";
import type { AdminLanguage } from "#core/admin/languages/schema.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

interface FallbackChainEditorProps {
  id: string;
  language: AdminLanguage;
  languages: AdminLanguage[];
  chain: number[];
  error?: string;
  onChange: (chain: number[]) => void;
}

export function FallbackChainEditor({ id, language, languages, chain, error, onChange }: FallbackChainEditorProps) {
  const [announcement, setAnnouncement] = useState("");
  const [adding, setAdding] = useState("");
  const { t } = useAdminText();
  const byId = new Map(languages.map((candidate) => [candidate.id, candidate]));
  const nameOf = (languageId: number) => byId.get(languageId)?.label ?? `#${languageId}`;
  const addable = languages.filter((candidate) => candidate.id !== language.id && !chain.includes(candidate.id));
  const change = (next: number[], message: string) => {
    onChange(next);
    setAnnouncement(message);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...chain];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    change(
      next,
      t("admin.languages.moved", { name: nameOf(chain[index]!), position: index + by + 1, count: chain.length }),
    );
  };
  return (
    <fieldset
      className={error ? "fallback-chain admin-field--invalid" : "fallback-chain"}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
    >
      <legend>{t("admin.languages.field_fallbacks")}</legend>
      <p id={`${id}-hint`} className="admin-field__hint">
        {t("admin.languages.fallbacks_hint", { name: language.label })}
      </p>
      {chain.length === 0 ? (
        <p>{t("admin.languages.fallbacks_none")}</p>
      ) : (
        <ol className="fallback-chain__list">
          {chain.map((languageId, index) => (
            <li key={languageId}>
              <span lang={byId.get(languageId)?.code}>{nameOf(languageId)}</span>
              <span className="fallback-chain__actions">
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  {t("admin.languages.up")}
                  <span className="visually-hidden"> {nameOf(languageId)}</span>
                </button>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={index === chain.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {t("admin.languages.down")}
                  <span className="visually-hidden"> {nameOf(languageId)}</span>
                </button>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() =>
                    change(
                      chain.filter((other) => other !== languageId),
                      t("admin.languages.fallback_removed", { name: nameOf(languageId) }),
                    )
                  }
                >
                  {t("admin.common.remove")}
                  <span className="visually-hidden"> {nameOf(languageId)}</span>
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {addable.length > 0 && (
        <div className="fallback-chain__add">
          <label htmlFor={`${id}-add`}>{t("admin.languages.add_fallback")}</label>
          <select id={`${id}-add`} value={adding} onChange={(event) => setAdding(event.target.value)}>
            <option value="">{t("admin.common.choose_language")}</option>
            {addable.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.enabled
                  ? t("admin.common.language_option", { label: candidate.label, code: candidate.code })
                  : t("admin.common.hidden_option", {
                      name: t("admin.common.language_option", { label: candidate.label, code: candidate.code }),
                    })}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--small"
            disabled={adding === ""}
            onClick={() => {
              const added = Number(adding);
              setAdding("");
              change(
                [...chain, added],
                t("admin.languages.fallback_added", { name: nameOf(added), position: chain.length + 1 }),
              );
            }}
          >
            {t("admin.common.add")}
          </button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
