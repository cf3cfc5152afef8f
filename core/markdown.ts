/**
 * Safe Markdown: markdown-it with raw HTML disabled escapes whatever an admin
 * types, and its link validator refuses javascript:, vbscript: and data: URLs
 * (docs/decisions/0005-safe-markdown.md). The same renderer runs in the admin preview.
 */
import MarkdownIt from "markdown-it";
import { mediaImages, type MediaRenderEnv } from "./markdown-media.ts";
import { simpleMarkdownText } from "./simple-markdown-text.ts";

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true }).use(mediaImages);
/**
 * The parser of a body's words (markdownText) outside the simple subset (decision 0237): the renderer's rules
 * without linkify, which cost a third of the parse and changed only a bare address's words (its link text decodes
 * `%20`; here the address stays as typed) (docs/decisions/0235-imports-do-less-per-version.md).
 */
const wordsParser = new MarkdownIt({ html: false, linkify: false, typographer: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

// External links open normally but never hand the opener (or the referrer) to another site.
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const href = String(token.attrGet("href") ?? "");
  if (/^https?:\/\//i.test(href)) token.attrSet("rel", "noopener noreferrer nofollow");
  return defaultLinkOpen(tokens, index, options, env, self);
};

// A table cell is a short text of its own: in an Arabic table a Latin date ("5 mars 2026") took the page's direction
// and read "mars 2026 5". <bdi> gives each cell's text the direction of its first strong letter while the cell keeps
// the table's alignment (issue 44); a paragraph does not get it, since an Arabic one may well begin with a Latin name.
for (const cell of ["th", "td"]) {
  markdown.renderer.rules[`${cell}_open`] = (tokens, index, options, _env, self) =>
    `${self.renderToken(tokens, index, options)}<bdi>`;
  markdown.renderer.rules[`${cell}_close`] = (tokens, index, options, _env, self) =>
    `</bdi>${self.renderToken(tokens, index, options)}`;
}

/** `media` draws library images (`![](media:42)`) in `language`; without it they are left out. */
export function renderMarkdown(source: string, media: MediaRenderEnv = {}): string {
  return markdown.render(source, { ...media });
}

const CJK_CHARACTERS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const SPACES = /\s+/gu;
const WORD_CHARACTER = 0;
const SPACE = 1;
const CJK = 2;
/** What a character outside the BMP is to the reading time: CJK (read by character) or part of a word. */
const supplementaryKind = (pair: string) => (pair.match(CJK_CHARACTERS) ? CJK : WORD_CHARACTER);
/**
 * Each BMP character's kind (part of a word, white space as JavaScript's `\s`, CJK), made at the first use by one scan
 * of the plane with each expression (a few ms): then a lookup per character instead of two expressions' scans of every text.
 */
let basicPlaneKinds: Uint8Array | undefined;
function basicPlaneTable(): Uint8Array {
  const kinds = new Uint8Array(0x10000);
  // Surrogates stand in as letters: in the table a lone one is part of a word; a pair is looked up as one character.
  const codes = new Uint16Array(0x10000);
  for (let code = 0; code < 0x10000; code += 1) codes[code] = code >= 0xd800 && code <= 0xdfff ? 0x61 : code;
  const plane = new TextDecoder("utf-16le").decode(codes);
  for (const [pattern, kind] of [
    [CJK_CHARACTERS, CJK],
    [SPACES, SPACE],
  ] as const)
    for (const match of plane.matchAll(pattern)) kinds.fill(kind, match.index, match.index + match[0].length);
  return kinds;
}

/** Minutes to read a text: 220 words a minute, 500 CJK characters a minute, one minute at least. */
export function readingMinutes(source: string): number {
  const { words, cjkCharacters } = readingCounts(source);
  return Math.max(1, Math.round(words / 220 + cjkCharacters / 500));
}

/**
 * A text's words, runs of characters that are neither white space nor CJK, and its CJK characters (read one by
 * one). One pass over the text: this runs for every saved or imported version.
 */
export function readingCounts(source: string): { words: number; cjkCharacters: number } {
  const kinds = (basicPlaneKinds ??= basicPlaneTable());
  let words = 0;
  let cjkCharacters = 0;
  let inWord = false;
  for (let index = 0; index < source.length; index += 1) {
    const code = source.charCodeAt(index);
    let kind = kinds[code]!;
    // A surrogate pair is one character (a lone surrogate stays a character of a word).
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < source.length) {
      const low = source.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        kind = supplementaryKind(source.slice(index, index + 2));
        index += 1;
      }
    }
    if (kind === WORD_CHARACTER) {
      if (!inWord) words += 1;
      inWord = true;
    } else {
      if (kind === CJK) cjkCharacters += 1;
      inWord = false;
    }
  }
  return { words, cjkCharacters };
}

function textOf(tokens: ReturnType<typeof markdown.parse>): string {
  const blocks: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") {
      blocks.push(
        (token.children ?? [])
          .map((child) =>
            child.type === "text" || child.type === "code_inline"
              ? child.content
              : child.type === "softbreak"
                ? " "
                : "",
          )
          .join(""),
      );
    } else if (token.type === "fence" || token.type === "code_block") blocks.push(token.content);
  }
  return blocks.filter((block) => block.trim() !== "").join("\n");
}

/** The words a reader sees in a body, without markup (search indexes it; snippets quote it). */
export function markdownText(source: string): string {
  return simpleMarkdownText(source) ?? parsedMarkdownText(source);
}

/** markdownText as markdown-it's parse gives it, for any body (simple-markdown-text.ts reads the simple ones faster). */
export function parsedMarkdownText(source: string): string {
  return textOf(wordsParser.parse(source, {}));
}
