/** The data every page's shell needs: the current language, the picker's languages, UI strings. */
import { firstAvailable } from "#core/fallback.ts";
import { isAdminKey } from "#core/i18n/admin-catalog.ts";
import { compileMessages } from "#core/i18n/message.ts";
import { createTranslate, type Strings, type Translate } from "#core/i18n/translate.ts";
import { orderForPicker } from "#core/language-switch.ts";
import type { ShellLanguage, ShellView } from "#core/shell.ts";
import type { LanguageRef, SectionName } from "#core/types.ts";
import { memoizedPerCopy } from "./per-copy.ts";
import { chainCodes, enabledLanguages, favoriteLanguage, findEnabledLanguage } from "./public-sections.ts";
import type { Language, Resident } from "./resident.ts";

/** A language's UI strings with the gaps filled along its fallback chain, and the language of each borrowed one. */
export interface LanguageStrings {
  strings: Strings;
  /** Keys whose text came from a fallback language, with that language's code (its `lang` attribute). */
  borrowed: Record<string, string>;
}

const NO_STRINGS: LanguageStrings = { strings: {}, borrowed: {} };

/** The resident copy's language with this code; the memos below are keyed only by such codes, so no other code can grow them. */
function ownLanguage(resident: Resident, code: string | undefined) {
  return resident.languages.find((candidate) => candidate.code === code);
}

/**
 * A language's UI strings as the page shell sends them: precompiled ICU messages
 * (core/i18n/message.ts); a key missing in the language is taken from the first
 * language of its fallback chain that has it (decision 0085). A key missing
 * everywhere stays missing, so translate() shows the key and warns. The admin
 * area's strings are not among them: the admin layout sends those (decision 0076),
 * so public pages stay small. Compiled once per language, not on every page.
 */
export function languageStrings(resident: Resident, code: string | undefined): LanguageStrings {
  return code !== undefined && ownLanguage(resident, code) ? compiledLanguageStrings(resident, code) : NO_STRINGS;
}

/**
 * A language's public UI strings (never the admin area's), each from the first language of its fallback chain
 * that has it, with that language's code: what the pages compile and the content API answers.
 */
export function stringsAlongChain(resident: Resident, language: Language): Map<string, { text: string; code: string }> {
  const codes = chainCodes(resident, language);
  const keys = new Set(codes.flatMap((candidate) => [...(resident.translations.get(candidate)?.keys() ?? [])]));
  const found = new Map<string, { text: string; code: string }>();
  for (const key of keys) {
    if (isAdminKey(key)) continue;
    const first = firstAvailable(codes, (candidate) => resident.translations.get(candidate)?.get(key));
    if (first) found.set(key, { text: first.value, code: first.code });
  }
  return found;
}

const compiledLanguageStrings = memoizedPerCopy((resident: Resident, code): LanguageStrings => {
  const language = ownLanguage(resident, code)!;
  const texts = new Map<string, string>();
  const borrowed: Record<string, string> = {};
  for (const [key, { text, code: from }] of stringsAlongChain(resident, language)) {
    texts.set(key, text);
    if (from !== language.code) borrowed[key] = from;
  }
  return { strings: compileMessages(texts), borrowed };
});

/** A language's UI strings, fallbacks included (languageStrings), for server-rendered pages outside React. */
export function compiledStrings(resident: Resident, code: string | undefined): Strings {
  return languageStrings(resident, code).strings;
}

/** The translate function of a language's pages, for text a view carries ready-made. */
export function translatorFor(resident: Resident, code: string): Translate {
  const { strings, borrowed } = languageStrings(resident, code);
  return createTranslate(strings, code, () => {}, borrowed);
}

/** A shell view and its JSON text, as the root loader sends it (core/shell.ts ShellPayload). */
export interface SerializedShellView {
  view: ShellView;
  json: string;
}

export function shellView(resident: Resident, rawLang: string | undefined): SerializedShellView {
  // An unknown language still gets a shell (for its 404 page): the favorite language's.
  return shellOf(resident, findEnabledLanguage(resident, rawLang) ?? favoriteLanguage(resident));
}

/** The shell in a given language, enabled or not (the admin area in a language being prepared). */
export function shellOf(resident: Resident, language: LanguageRef | null): SerializedShellView {
  // "" keys the shell of no language.
  return serializedShellViews(resident, language && ownLanguage(resident, language.code) ? language.code : "");
}

const DEFAULT_SHELL_LANGUAGE: ShellLanguage = {
  id: 0,
  code: "en-US",
  shortCode: "en",
  label: "English",
  welcome: "welcome",
  dir: "ltr",
};

const serializedShellViews = memoizedPerCopy((resident: Resident, code): SerializedShellView => {
  const toShell = (candidate: LanguageRef): ShellLanguage => ({
    id: candidate.id,
    code: candidate.code,
    shortCode: candidate.shortCode,
    label: candidate.label,
    welcome: candidate.welcome,
    dir: candidate.dir,
  });
  const language = ownLanguage(resident, code);
  const pickerLanguages = orderForPicker(enabledLanguages(resident));
  const sectionNames: Record<number, SectionName[]> = {};
  for (const candidate of pickerLanguages) sectionNames[candidate.id] = resident.sectionNames.get(candidate.code) ?? [];
  const { strings, borrowed } = languageStrings(resident, language?.code);
  const view: ShellView = {
    language: language ? toShell(language) : DEFAULT_SHELL_LANGUAGE,
    languages: pickerLanguages.map(toShell),
    sectionNames,
    strings,
    stringLanguages: borrowed,
  };
  return { view, json: scriptDataJson(view) };
});

/** JSON that can stand in a `<script>` data block as it is (decision 0132): "<" escaped, which JSON.parse reads back the same. */
export function scriptDataJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}
