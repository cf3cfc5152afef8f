/**
 * Quality checks of a translated block against its source block, run while the translator types (issue 45
 * item 4, decision 0212): the same number of links, images, code spans and headings; the source's link
 * addresses and library images (`media:`) kept; its numbers kept (whatever digits or separators the
 * language writes them with); spaces at the edges as the source's, no double spaces; not the source's text
 * again. All are warnings a translator may dismiss, but one: a code fence the translation opens and never
 * closes turns the rest of the page into code, so it blocks the save (the server refuses it too).
 */
import MarkdownIt from "markdown-it";
import type { SegmentKind } from "./split.ts";

/** The public renderer's options that decide what is a link (core/markdown.ts): bare addresses are links too. */
const markdown = new MarkdownIt({ html: false, linkify: true });

export const QUALITY_CHECKS = [
  "unclosed_fence",
  "links",
  "images",
  "code_spans",
  "headings",
  "link_urls",
  "media",
  "numbers",
  "edge_spaces",
  "double_spaces",
  "identical",
  "glossary_missing",
  "glossary_forbidden",
] as const;
export type QualityCheck = (typeof QUALITY_CHECKS)[number];

/** One problem: which check, whether it blocks the save, and what the message names (counts, missing items). */
export interface QualityProblem {
  check: QualityCheck;
  blocking: boolean;
  params: Record<string, string | number>;
}

interface Facts {
  links: string[];
  images: string[];
  codeSpans: number;
  headings: number;
  numbers: string[];
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const FULL_WIDTH_DIGITS = /[\uFF10-\uFF19]/g;
/** Digits with the separators languages group and divide them by (comma, point, no-break and thin spaces, Arabic's ٫ ٬). */
const NUMBER = /\d+(?:[.,\u00A0\u202F\u066B\u066C']\d+)*/g;

/** A number's digits alone, in ASCII: "1 000,5", "1,000.5", "١٠٠٠٫٥" and "１０００.５" are all "10005". */
function numbersIn(text: string): string[] {
  // Not NFKC: it would turn the no-break spaces that group digits into plain ones.
  const ascii = text
    .replace(FULL_WIDTH_DIGITS, (digit) => String(digit.codePointAt(0)! - 0xff10))
    .replace(ARABIC_DIGITS, (digit) => String((digit.codePointAt(0)! - 0x0660) % (0x06f0 - 0x0660)))
    .replace(/[\uFF0C\uFF0E]/g, (separator) => (separator === "\uFF0C" ? "," : "."));
  return [...ascii.matchAll(NUMBER)].map((match) => match[0].replace(/\D/g, ""));
}

function factsOf(text: string): Facts {
  const facts: Facts = { links: [], images: [], codeSpans: 0, headings: 0, numbers: [] };
  for (const token of markdown.parse(text, {})) {
    if (token.type === "heading_open") facts.headings++;
    if (token.type !== "inline") continue;
    let inBareLink = false;
    for (const child of token.children ?? []) {
      if (child.type === "link_open") {
        facts.links.push(String(child.attrGet("href") ?? ""));
        inBareLink = child.markup === "linkify";
      } else if (child.type === "link_close") inBareLink = false;
      else if (child.type === "image") facts.images.push(String(child.attrGet("src") ?? ""));
      else if (child.type === "code_inline") facts.codeSpans++;
      else if (child.type === "text" && !inBareLink) facts.numbers.push(...numbersIn(child.content));
    }
  }
  return facts;
}

/** What of `wanted` is not in `found`, each as many times as it is missing. */
function missing(wanted: readonly string[], found: readonly string[]): string[] {
  const left = [...found];
  return wanted.filter((item) => {
    const at = left.indexOf(item);
    if (at >= 0) left.splice(at, 1);
    return at < 0;
  });
}

const SENTINEL = "polyglot-press-end-of-text";

/**
 * Whether a code fence of the text is opened and never closed: markdown-it then runs it to the end of the
 * document, so whatever follows the text would be shown as code. Told by a paragraph put after the text: an
 * unclosed fence swallows it (one inside a list item or a quote ends with its container, and breaks nothing).
 */
export function hasUnclosedFence(text: string): boolean {
  return markdown
    .parse(`${text}\n\n${SENTINEL}\n`, {})
    .some((token) => token.type === "fence" && token.content.includes(SENTINEL));
}

/** The problems that would break the page: what a save is refused for (the server asks this of a translation's body). */
export function pageBreakingProblems(source: string, target: string): QualityProblem[] {
  return hasUnclosedFence(target) && !hasUnclosedFence(source)
    ? [{ check: "unclosed_fence", blocking: true, params: {} }]
    : [];
}

/** pageBreakingProblems with one argument, as a worker thread calls it (server/untrusted/off-thread.ts). */
export function pageBreakingProblemsOf({ source, target }: { source: string; target: string }): QualityProblem[] {
  return pageBreakingProblems(source, target);
}

const edges = (text: string) => ({ leading: /^[ \t]*/.exec(text)![0], trailing: /[ \t]*$/.exec(text)![0] });
const doubleSpaces = (text: string) => text.match(/(?<=\S) {2,}(?=\S)/g)?.length ?? 0;
const countCheck = (check: QualityCheck, source: number, target: number): QualityProblem[] =>
  source === target ? [] : [{ check, blocking: false, params: { source, target } }];
const listCheck = (check: QualityCheck, lost: readonly string[]): QualityProblem[] =>
  lost.length === 0 ? [] : [{ check, blocking: false, params: { missing: lost.join(", "), count: lost.length } }];

/** Kinds whose text is rightly the source's own (code, an image's reference, a rule). */
const KEPT_AS_IS: ReadonlySet<SegmentKind> = new Set(["code", "image", "rule"]);

/** Every problem of `target` as the translation of the block `source` (of kind `kind`). An empty target has none: it is not translated yet. */
export function segmentProblems(source: string, target: string, kind: SegmentKind): QualityProblem[] {
  if (target.trim() === "") return [];
  const from = factsOf(source);
  const to = factsOf(target);
  const sourceEdges = edges(source);
  const targetEdges = edges(target);
  return [
    ...pageBreakingProblems(source, target),
    ...countCheck("links", from.links.length, to.links.length),
    ...countCheck("images", from.images.length, to.images.length),
    ...countCheck("code_spans", from.codeSpans, to.codeSpans),
    ...countCheck("headings", from.headings, to.headings),
    ...listCheck(
      "link_urls",
      missing(from.links, to.links).filter((href) => href !== ""),
    ),
    ...listCheck(
      "media",
      missing(
        from.images.filter((src) => src.startsWith("media:")),
        to.images,
      ),
    ),
    ...listCheck("numbers", missing(from.numbers, to.numbers)),
    ...(sourceEdges.leading !== targetEdges.leading || sourceEdges.trailing !== targetEdges.trailing
      ? [{ check: "edge_spaces" as const, blocking: false, params: {} }]
      : []),
    ...(doubleSpaces(target) > doubleSpaces(source)
      ? [{ check: "double_spaces" as const, blocking: false, params: {} }]
      : []),
    ...(!KEPT_AS_IS.has(kind) && /\p{L}/u.test(source) && target.trim() === source.trim()
      ? [{ check: "identical" as const, blocking: false, params: {} }]
      : []),
  ];
}
