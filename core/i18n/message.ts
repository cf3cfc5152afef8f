/**
 * ICU MessageFormat UI strings (decision 0070): parsing, validation on save and
 * precompilation for the browser. Uses the FormatJS parser, so only the server
 * and the admin import this file; public pages format precompiled messages
 * (translate.ts) and never ship the parser.
 */
import { parse, TYPE, type Location, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { CompiledMessage } from "./translate.ts";

/** Tags stay text: a plain string such as "Press <Enter>" keeps working. */
const PARSE_OPTIONS = { ignoreTag: true, requiresOtherClause: true } as const;

export type MessageProblemCode = "syntax" | "unknown_argument" | "missing_plural_category" | "unknown_plural_category";

export interface MessageProblem {
  code: MessageProblemCode;
  /** A sentence naming the problem and where it is, for the person who typed the text. */
  message: string;
  /** 1-based position of the problem in the text, when there is one. */
  line?: number;
  column?: number;
}

/** The parser's error kinds (its message is the kind's name), in words a translator understands. */
const SYNTAX_EXPLANATIONS: Record<string, string> = {
  EXPECT_ARGUMENT_CLOSING_BRACE: "a { is not closed by a matching }",
  EMPTY_ARGUMENT: "{} has no argument name inside",
  MALFORMED_ARGUMENT: "an argument name must be a single word, like {count}",
  EXPECT_ARGUMENT_TYPE: "a type (number, date, time, plural, select or selectordinal) must follow the comma",
  INVALID_ARGUMENT_TYPE: "the argument type must be number, date, time, plural, select or selectordinal",
  EXPECT_ARGUMENT_STYLE: "a style must follow the second comma",
  INVALID_NUMBER_SKELETON: "the number format is not valid",
  INVALID_DATE_TIME_SKELETON: "the date format is not valid",
  EXPECT_NUMBER_SKELETON: "a number format must follow ::",
  EXPECT_DATE_TIME_SKELETON: "a date format must follow ::",
  UNCLOSED_QUOTE_IN_ARGUMENT_STYLE: "a quote ' in the argument style is not closed",
  EXPECT_SELECT_ARGUMENT_OPTIONS: "a select needs its cases, for example other {…}",
  EXPECT_PLURAL_ARGUMENT_OFFSET_VALUE: "offset: must be followed by a whole number",
  INVALID_PLURAL_ARGUMENT_OFFSET_VALUE: "offset: must be followed by a whole number",
  EXPECT_SELECT_ARGUMENT_SELECTOR: "a case name is expected before {…}",
  EXPECT_PLURAL_ARGUMENT_SELECTOR: "a plural category (zero, one, two, few, many, other) or =N is expected before {…}",
  EXPECT_SELECT_ARGUMENT_SELECTOR_FRAGMENT: "each case must be followed by its text in {…}",
  EXPECT_PLURAL_ARGUMENT_SELECTOR_FRAGMENT: "each plural category must be followed by its text in {…}",
  INVALID_PLURAL_ARGUMENT_SELECTOR: "a plural case must be zero, one, two, few, many, other or =N",
  DUPLICATE_PLURAL_ARGUMENT_SELECTOR: "the same plural category appears twice",
  DUPLICATE_SELECT_ARGUMENT_SELECTOR: "the same select case appears twice",
  MISSING_OTHER_CLAUSE: "plural and select need an other {…} case",
};

const EXCERPT_LENGTH = 24;

/** The text from the problem on, quoted, so the person sees where it is. */
function excerptAt(text: string, offset: number): string {
  if (offset >= text.length) return "the end of the text";
  const excerpt = text.slice(offset, offset + EXCERPT_LENGTH);
  return `"${offset + EXCERPT_LENGTH < text.length ? `${excerpt}…` : excerpt}"`;
}

function at(text: string, location: Location | undefined): Pick<MessageProblem, "line" | "column"> & { where: string } {
  if (!location) return { where: "" };
  const { line, column, offset } = location.start;
  return { line, column, where: ` at line ${line}, column ${column} (${excerptAt(text, offset)})` };
}

export type ParsedMessage = { ok: true; elements: MessageFormatElement[] } | { ok: false; problem: MessageProblem };

export function parseMessage(text: string): ParsedMessage {
  try {
    return { ok: true, elements: parse(text, { ...PARSE_OPTIONS, captureLocation: true }) };
  } catch (error) {
    const kind = error instanceof Error ? error.message : String(error);
    const location = (error as { location?: Location }).location;
    const { where, ...position } = at(text, location);
    const explanation = SYNTAX_EXPLANATIONS[kind] ?? kind;
    return { ok: false, problem: { code: "syntax", message: `Syntax error${where}: ${explanation}.`, ...position } };
  }
}

type Visitor = (element: MessageFormatElement) => void;

function visit(elements: readonly MessageFormatElement[], visitor: Visitor): void {
  for (const element of elements) {
    visitor(element);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) visit(option.value, visitor);
    } else if (element.type === TYPE.tag) {
      visit(element.children, visitor);
    }
  }
}

/** The argument names a message uses, in order of first use. */
export function argumentNames(elements: readonly MessageFormatElement[]): string[] {
  const names = new Set<string>();
  visit(elements, (element) => {
    if (element.type !== TYPE.literal && element.type !== TYPE.pound && element.type !== TYPE.tag)
      names.add(element.value);
  });
  return [...names];
}

export function usesPlural(elements: readonly MessageFormatElement[]): boolean {
  let found = false;
  visit(elements, (element) => {
    found ||= element.type === TYPE.plural;
  });
  return found;
}

/** The plural categories a language's rules distinguish (CLDR, through Intl): Arabic six, Japanese other only. */
export function pluralCategoriesOf(locale: string, type: "cardinal" | "ordinal" = "cardinal"): string[] {
  return new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories;
}

function pluralProblems(text: string, elements: readonly MessageFormatElement[], locale: string): MessageProblem[] {
  const problems: MessageProblem[] = [];
  visit(elements, (element) => {
    if (element.type !== TYPE.plural) return;
    const kind = element.pluralType === "ordinal" ? "selectordinal" : "plural";
    const categories = pluralCategoriesOf(locale, element.pluralType ?? "cardinal");
    const given = Object.keys(element.options).filter((selector) => !selector.startsWith("="));
    const { where, ...position } = at(text, element.location);
    const unknown = given.filter((selector) => !categories.includes(selector));
    if (unknown.length > 0) {
      problems.push({
        code: "unknown_plural_category",
        message: `{${element.value}, ${kind}}${where}: ${unknown.join(", ")} ${unknown.length === 1 ? "is not a category" : "are not categories"} of ${locale}, which has ${categories.join(", ")}; for an exact number write =N (for example =0).`,
        ...position,
      });
    }
    const missing = categories.filter((category) => !given.includes(category));
    if (missing.length > 0) {
      problems.push({
        code: "missing_plural_category",
        message: `{${element.value}, ${kind}}${where}: ${locale} needs the categories ${categories.join(", ")}; missing: ${missing.join(", ")}.`,
        ...position,
      });
    }
  });
  return problems;
}

/**
 * Everything wrong with a UI string in `locale`: its syntax, arguments the source
 * string (same key, source language) does not have, and plural categories that
 * are missing or unknown in that language. Empty when it may be saved.
 */
export function messageProblems(
  text: string,
  locale: string,
  source?: { text: string; locale: string },
): MessageProblem[] {
  const parsed = parseMessage(text);
  if (!parsed.ok) return [parsed.problem];
  const problems = pluralProblems(text, parsed.elements, locale);
  if (source) {
    const sourceParsed = parseMessage(source.text);
    // A broken source cannot say which arguments exist; its own save reports it.
    if (sourceParsed.ok) {
      const known = argumentNames(sourceParsed.elements);
      for (const name of argumentNames(parsed.elements)) {
        if (known.includes(name)) continue;
        const has =
          known.length === 0 ? "has no arguments" : `has ${known.map((candidate) => `{${candidate}}`).join(", ")}`;
        problems.unshift({
          code: "unknown_argument",
          message: `{${name}} is not an argument of the source string (${source.locale}), which ${has}.`,
        });
      }
    }
  }
  return problems;
}

/**
 * What the page shell sends for a string: the text itself when it has no
 * arguments (the common case, and the smallest), else its syntax tree, which
 * the browser formats without a parser. A string that does not parse is sent
 * as text, so the page shows it as written rather than failing.
 */
export function compileMessage(text: string): CompiledMessage {
  let elements: MessageFormatElement[];
  try {
    elements = parse(text, PARSE_OPTIONS);
  } catch {
    return text;
  }
  return elements.every((element) => element.type === TYPE.literal)
    ? elements.map((element) => element.value).join("")
    : elements;
}

export function compileMessages(strings: Iterable<readonly [string, string]>): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [key, text] of strings) compiled[key] = compileMessage(text);
  return compiled;
}
