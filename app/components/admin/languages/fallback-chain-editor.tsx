/**
 * A language's fallback chain (decision 0085): an ordered list of other languages with
 * move up / move down / remove buttons, and a select to add one. Plain buttons and a
 * select: works with a keyboard and a screen reader; each change is announced.
 */
import { useState } from "react";
import type { AdminLanguage } from "#core/admin/languages/schema.ts";

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
    change(next, `${nameOf(chain[index]!)} moved to position ${index + by + 1} of ${chain.length}.`);
  };
  return (
    <fieldset className={error ? "fallback-chain admin-field--invalid" : "fallback-chain"} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <legend>Fallback languages</legend>
      <p id={`${id}-hint`} className="admin-field__hint">
        Where {language.label} borrows UI strings and job labels it lacks, tried in this order (and then their own fallbacks).
      </p>
      {chain.length === 0 ? (
        <p>None: missing strings show their key.</p>
      ) : (
        <ol className="fallback-chain__list">
          {chain.map((languageId, index) => (
            <li key={languageId}>
              <span lang={byId.get(languageId)?.code}>{nameOf(languageId)}</span>
              <span className="fallback-chain__actions">
                <button type="button" className="button button--small button--secondary" disabled={index === 0} onClick={() => move(index, -1)}>
                  Up<span className="visually-hidden"> {nameOf(languageId)}</span>
                </button>
                <button type="button" className="button button--small button--secondary" disabled={index === chain.length - 1} onClick={() => move(index, 1)}>
                  Down<span className="visually-hidden"> {nameOf(languageId)}</span>
                </button>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() =>
                    change(
                      chain.filter((other) => other !== languageId),
                      `${nameOf(languageId)} removed from the fallbacks.`,
                    )
                  }
                >
                  Remove<span className="visually-hidden"> {nameOf(languageId)}</span>
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {addable.length > 0 && (
        <div className="fallback-chain__add">
          <label htmlFor={`${id}-add`}>Add a fallback language</label>
          <select id={`${id}-add`} value={adding} onChange={(event) => setAdding(event.target.value)}>
            <option value="">Choose a language</option>
            {addable.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label} ({candidate.code}){candidate.enabled ? "" : " — hidden"}
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
              change([...chain, added], `${nameOf(added)} added as fallback ${chain.length + 1}.`);
            }}
          >
            Add
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
