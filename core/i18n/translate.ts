/**
 * Every visible string comes from translation entries, written in ICU
 * MessageFormat (decision 0070). A missing one renders its key and warns in the
 * console (docs/seed-spec.md §8), so it is noticed, not hidden.
 *
 * Messages arrive precompiled (message.ts, on the server): plain text as a
 * string, anything with arguments as a syntax tree. Formatting a tree needs
 * intl-messageformat but not its parser, which the browser build leaves out
 * (vite.config.ts), keeping public pages within their JavaScript budget.
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat, type Formats } from "intl-messageformat";

export type CompiledMessage = string | MessageFormatElement[];
export type Strings = Readonly<Record<string, CompiledMessage>>;
export type MessageValues = Readonly<Record<string, string | number | Date>>;
export type Translate = (key: string, values?: MessageValues) => string;

/** Dates and times in UTC, like formatDate, so the server and the browser render the same text. */
function utcFormats(): Partial<Formats> {
  const inUtc = (styles: Record<string, Intl.DateTimeFormatOptions>) =>
    Object.fromEntries(Object.entries(styles).map(([name, options]) => [name, { ...options, timeZone: "UTC" }]));
  return { date: inUtc(IntlMessageFormat.formats.date), time: inUtc(IntlMessageFormat.formats.time) };
}

/**
 * Building a formatter resolves its locale with Intl.NumberFormat.supportedLocalesOf,
 * whose first call loads ICU's number data: 40–90 ms on a desktop, four times that on
 * a phone, during hydration, even for a message that formats no number. Our locales
 * are validated BCP 47 tags, so reading the tag is enough; a message that does format
 * a number or date still loads that data when it formats.
 */
IntlMessageFormat.resolveLocale = (locales) => {
  try {
    return new Intl.Locale(Array.isArray(locales) ? locales[0]! : locales);
  } catch {
    return undefined;
  }
};

let formats: Partial<Formats> | undefined;
/**
 * Formatters built for a strings object, by locale: the server hands every request
 * the same compiled strings (until they change), so each message's formatter is
 * built once, not once per request (building one resolves the locale: costly).
 */
const formattersByStrings = new WeakMap<Strings, Map<string, Map<string, IntlMessageFormat>>>();

function formattersFor(strings: Strings, locale: string): Map<string, IntlMessageFormat> {
  let byLocale = formattersByStrings.get(strings);
  if (!byLocale) {
    byLocale = new Map();
    formattersByStrings.set(strings, byLocale);
  }
  let formatters = byLocale.get(locale);
  if (!formatters) {
    formatters = new Map();
    byLocale.set(locale, formatters);
  }
  return formatters;
}

/**
 * `languages` names the locale of keys borrowed from a fallback language (decision 0085):
 * their plurals and numbers follow the language they are written in. It is derived
 * from the same strings object, so the formatters cached for that object stay right.
 */
export function createTranslate(
  strings: Strings,
  locale: string,
  warn: (message: string) => void = console.warn,
  languages: Readonly<Record<string, string>> = {},
): Translate {
  formats ??= utcFormats();
  const compiled = formattersFor(strings, locale);
  return (key, values) => {
    const message = strings[key];
    if (message === undefined) {
      warn(`Missing translation: ${key}`);
      return key;
    }
    if (typeof message === "string") return message;
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, languages[key] ?? locale, formats, { ignoreTag: true });
      compiled.set(key, format);
    }
    try {
      return String(format.format<string>(values));
    } catch (error) {
      // A value the message needs was not given: a bug in the page, shown like a missing key.
      warn(`Cannot format ${key}: ${error instanceof Error ? error.message : String(error)}`);
      return key;
    }
  };
}
