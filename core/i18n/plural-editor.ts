/**
 * A UI string's plural as fields (issue 45 item 5, decision 0213): the message's first plural (or
 * selectordinal) at its top level, split into the text around it and one form per selector, and put back
 * together from the forms of the target language's categories (CLDR through Intl.PluralRules: Arabic six,
 * Japanese one) plus any exact =N forms. Each form is checked on its own, so an error is shown at the
 * field that has it.
 */
import { TYPE, type PluralElement } from "@formatjs/icu-messageformat-parser";
import { SAMPLE_COUNTS } from "#core/plural-forms.ts";
import {
  messageProblems,
  parseMessage,
  pluralCategoriesOf,
  type MessageProblem,
  type MessageProblemCode,
} from "./message.ts";

export interface PluralMessage {
  /** The text before and after the plural, as written. */
  before: string;
  after: string;
  argument: string;
  kind: "plural" | "selectordinal";
  offset: number;
  /** Each selector's form as written (the text between its braces), in the message's order. */
  forms: Record<string, string>;
}

/** The message's first top-level plural as fields, or null when it has none (or does not parse). */
export function pluralOf(text: string): PluralMessage | null {
  const parsed = parseMessage(text);
  if (!parsed.ok) return null;
  const plural = parsed.elements.find((element): element is PluralElement => element.type === TYPE.plural);
  if (!plural?.location) return null;
  const forms: Record<string, string> = {};
  for (const [selector, option] of Object.entries(plural.options))
    if (option.location) forms[selector] = text.slice(option.location.start.offset + 1, option.location.end.offset - 1);
  return {
    before: text.slice(0, plural.location.start.offset),
    after: text.slice(plural.location.end.offset),
    argument: plural.value,
    kind: plural.pluralType === "ordinal" ? "selectordinal" : "plural",
    offset: plural.offset,
    forms,
  };
}

/** CLDR's order of categories (the runtime may list them in another). */
const CLDR_ORDER = ["zero", "one", "two", "few", "many", "other"];

/** The selectors the editor shows for a language: exact forms (=0…) of the message first, then the language's categories. */
export function pluralSelectors(message: PluralMessage, locale: string): string[] {
  const exact = Object.keys(message.forms).filter((selector) => selector.startsWith("="));
  const categories = pluralCategoriesOf(locale, message.kind === "selectordinal" ? "ordinal" : "cardinal");
  return [...exact, ...CLDR_ORDER.filter((category) => categories.includes(category))];
}

/** The message written back from its fields, with the forms of `selectors` in that order. */
export function pluralText(message: PluralMessage, selectors: readonly string[]): string {
  const offset = message.offset === 0 ? "" : ` offset:${message.offset}`;
  const forms = selectors.map((selector) => `${selector} {${message.forms[selector] ?? ""}}`).join(" ");
  return `${message.before}{${message.argument}, ${message.kind},${offset} ${forms}}${message.after}`;
}

/** A problem at one field: the selector whose form has it (null: the whole message), what it is, and where. */
export interface PluralFieldProblem {
  selector: string | null;
  code: MessageProblemCode | "empty_form";
  /** The argument an `unknown_argument` names. */
  argument?: string;
  line?: number;
  column?: number;
}

function atField(selector: string | null, problem: MessageProblem): PluralFieldProblem {
  const argument = problem.code === "unknown_argument" ? /^\{(\w+)\}/.exec(problem.message)?.[1] : undefined;
  return {
    selector,
    code: problem.code,
    ...(argument !== undefined && { argument }),
    ...(problem.line !== undefined && { line: problem.line, column: problem.column }),
  };
}

/**
 * The problems of each field: a form left empty, a form that does not parse or uses an argument the source
 * does not have; when every form is right, whatever is still wrong with the whole message.
 */
export function pluralFieldProblems(
  message: PluralMessage,
  locale: string,
  source?: { text: string; locale: string },
): PluralFieldProblem[] {
  const selectors = pluralSelectors(message, locale);
  const problems: PluralFieldProblem[] = [];
  for (const selector of selectors) {
    const form = message.forms[selector] ?? "";
    if (form.trim() === "") problems.push({ selector, code: "empty_form" });
    else problems.push(...messageProblems(form, locale, source).map((problem) => atField(selector, problem)));
  }
  if (problems.length > 0) return problems;
  return messageProblems(pluralText(message, selectors), locale, source).map((problem) => atField(null, problem));
}

/** Counts that fall in each category of the language, a few each ("one": 1, 21, 31), to say what a form is for. */
export function pluralExamples(locale: string, kind: PluralMessage["kind"], perCategory = 3): Record<string, number[]> {
  const rules = new Intl.PluralRules(locale, { type: kind === "selectordinal" ? "ordinal" : "cardinal" });
  const examples: Record<string, number[]> = {};
  for (const count of SAMPLE_COUNTS) {
    const found = (examples[rules.select(count)] ??= []);
    if (found.length < perCategory) found.push(count);
  }
  return examples;
}

/** A whole message's problems, in the same form (for the ICU text field, checked while typing). */
export function messageFieldProblems(
  text: string,
  locale: string,
  source?: { text: string; locale: string },
): PluralFieldProblem[] {
  return messageProblems(text, locale, source).map((problem) => atField(null, problem));
}
