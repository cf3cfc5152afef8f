/** The data every page's shell needs: the current language, the picker's languages, UI strings. */
import { compileMessages } from "#core/i18n/message.ts";
import type { Strings } from "#core/i18n/translate.ts";
import { orderForPicker } from "#core/language-switch.ts";
import type { ShellLanguage } from "#core/shell.ts";
import type { LanguageRef, SectionName } from "#core/types.ts";
import { enabledLanguages, favoriteLanguage, findEnabledLanguage } from "./public-pages.ts";
import type { Resident } from "./resident.ts";

// Each resident copy's strings are compiled once per language, not on every page.
const compiledByStrings = new WeakMap<ReadonlyMap<string, string>, Strings>();
const NO_STRINGS: ReadonlyMap<string, string> = new Map();

/** A language's UI strings as the page shell sends them: precompiled ICU messages (core/i18n/message.ts). */
export function compiledStrings(resident: Resident, code: string | undefined): Strings {
  const strings = (code !== undefined && resident.translations.get(code)) || NO_STRINGS;
  let compiled = compiledByStrings.get(strings);
  if (!compiled) {
    compiled = compileMessages(strings);
    compiledByStrings.set(strings, compiled);
  }
  return compiled;
}

export function shellView(resident: Resident, rawLang: string | undefined) {
  // An unknown language still gets a shell (for its 404 page): the favorite language's.
  const language = findEnabledLanguage(resident, rawLang) ?? favoriteLanguage(resident);
  const toShell = (candidate: LanguageRef): ShellLanguage => ({
    id: candidate.id,
    code: candidate.code,
    shortCode: candidate.shortCode,
    label: candidate.label,
    welcome: candidate.welcome,
    dir: candidate.dir,
  });
  const pickerLanguages = orderForPicker(enabledLanguages(resident));
  const sectionNames: Record<number, SectionName[]> = {};
  for (const candidate of pickerLanguages) sectionNames[candidate.id] = resident.sectionNames.get(candidate.code) ?? [];
  return {
    language: language ? toShell(language) : { id: 0, code: "en-US", shortCode: "en", label: "English", welcome: "welcome", dir: "ltr" as const },
    languages: pickerLanguages.map(toShell),
    sectionNames,
    strings: compiledStrings(resident, language?.code),
  };
}
