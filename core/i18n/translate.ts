/**
 * Every visible string comes from translation entries, written in ICU
 * MessageFormat (decision 0070). A missing one renders its key and warns in the
 * console (spec §8), so it is noticed, not hidden.
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

export function createTranslate(strings: Strings, locale: string, warn: (message: string) => void = console.warn): Translate {
  const formats = utcFormats();
  const compiled = new Map<string, IntlMessageFormat>();
  return (key, values) => {
    const message = strings[key];
    if (message === undefined) {
      warn(`Missing translation: ${key}`);
      return key;
    }
    if (typeof message === "string") return message;
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, locale, formats, { ignoreTag: true });
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
