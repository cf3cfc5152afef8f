/**
 * Safe Markdown: markdown-it with raw HTML disabled escapes whatever an admin
 * types, and its link validator refuses javascript:, vbscript: and data: URLs
 * (docs/decisions/0005-safe-markdown.md). The same renderer runs in the admin preview.
 */
import MarkdownIt from "markdown-it";
import { mediaImages, type MediaRenderEnv } from "./markdown-media.ts";

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true }).use(mediaImages);

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

/** The HTML and the reader's words (markdownText) from one parse: a bulk import needs both for every version. */
export function renderMarkdownWithText(source: string, media: MediaRenderEnv = {}): { html: string; text: string } {
  const env = { ...media };
  const tokens = markdown.parse(source, env);
  const text = textOf(tokens);
  return { html: markdown.renderer.render(tokens, markdown.options, env), text };
}

const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** A run of characters that are neither white space nor CJK (which counts by character). */
const WORD = /[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

/** Words in the text, for a reading-time estimate (CJK counted by characters). One scan per count: this runs for every saved or imported version. */
export function readingMinutes(source: string): number {
  const cjkCharacters = source.match(CJK_CHARACTER)?.length ?? 0;
  const words = source.match(WORD)?.length ?? 0;
  return Math.max(1, Math.round(words / 220 + cjkCharacters / 500));
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
  return textOf(markdown.parse(source, {}));
}
