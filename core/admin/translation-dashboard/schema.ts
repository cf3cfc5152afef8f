/** What the translation dashboard (/admin/translation-status, issue 10 item 2) shows per language. */

/** How much of one kind of content a language has. */
export interface Coverage {
  done: number;
  total: number;
  /** Rounded down: 99.6 % is not complete. */
  percent: number;
}

export interface LanguageTranslationStatus {
  code: string;
  label: string;
  dir: "ltr" | "rtl";
  enabled: boolean;
  /** UI strings with a text in this language. */
  strings: Coverage;
  /** Articles published and up to date in this language (their source included), of all articles. */
  /** `pending`: published versions with pending changes waiting for review (decision 0150). */
  articles: Coverage & { outdated: number; draft: number; missing: number; source: number; pending: number };
  /** ROME job labels in this language (the French reference counts as complete). */
  jobs: Coverage;
}

export interface TranslationDashboard {
  languages: LanguageTranslationStatus[];
}

export function coverage(done: number, total: number): Coverage {
  return { done, total, percent: total === 0 ? 100 : Math.floor((done * 100) / total) };
}

/** Articles waiting for a translator: outdated and missing versions, summed over the languages given. */
export interface TranslationWork {
  outdated: number;
  missing: number;
}

/**
 * The dashboard card's sum: over the languages shown on the site, or over every language given when
 * `hiddenToo` (a translator's own, which may include one being prepared while hidden).
 */
export function translationWork(dashboard: TranslationDashboard, hiddenToo: boolean): TranslationWork {
  const counted = dashboard.languages.filter((language) => language.enabled || hiddenToo);
  return {
    outdated: counted.reduce((sum, language) => sum + language.articles.outdated, 0),
    missing: counted.reduce((sum, language) => sum + language.articles.missing, 0),
  };
}
