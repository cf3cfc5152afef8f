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
