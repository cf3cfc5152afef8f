/**
 * The admin area's strings (decision 0076): translation entries like the public
 * site's, told apart by their key prefix, with an English source kept in the
 * code. A translation that cannot be used (it does not parse, uses an argument
 * the source does not have, lacks a plural category of its language) is
 * replaced by the source and reported, so a broken translation never breaks
 * the screen used to repair it.
 */
import { compileMessages, messageProblems } from "./message.ts";
import type { Strings } from "./translate.ts";

export const ADMIN_KEY_PREFIX = "admin.";
/** The language the admin strings are written in, in the code. */
export const ADMIN_SOURCE_LOCALE = "en-US";

export function isAdminKey(key: string): boolean {
  return key.startsWith(ADMIN_KEY_PREFIX);
}

/** A translation the admin could not use, shown to the person so they can repair it. */
export interface AdminStringProblem {
  key: string;
  message: string;
}

export interface AdminCatalog {
  strings: Strings;
  /** Keys with no translation in this language: shown in English, counted for the notice. */
  missing: number;
  problems: AdminStringProblem[];
}

/** What the admin layout's loader sends: the catalog and the language it is in. */
export interface AdminText extends AdminCatalog {
  language: { code: string; label: string; dir: "ltr" | "rtl" };
}

/**
 * Every source key with its translation in `locale` when that translation is
 * usable, else the source text. Translations of keys the source does not know
 * are ignored: the code never asks for them.
 */
export function buildAdminCatalog(
  source: ReadonlyMap<string, string>,
  translated: ReadonlyMap<string, string> | undefined,
  locale: string,
): AdminCatalog {
  const chosen = new Map<string, string>();
  const problems: AdminStringProblem[] = [];
  let missing = 0;
  for (const [key, sourceText] of source) {
    const text = translated?.get(key);
    if (text === undefined) {
      if (locale !== ADMIN_SOURCE_LOCALE) missing += 1;
      chosen.set(key, sourceText);
      continue;
    }
    const found = messageProblems(text, locale, { text: sourceText, locale: ADMIN_SOURCE_LOCALE });
    if (found.length > 0) {
      problems.push({ key, message: found.map((problem) => problem.message).join(" ") });
      chosen.set(key, sourceText);
      continue;
    }
    chosen.set(key, text);
  }
  return { strings: compileMessages(chosen), missing, problems };
}
