/**
 * A Markdown body as aligned blocks (issue 45 item 1, decision 0210): the leaf blocks of markdown-it's token
 * stream — headings, paragraphs, list items' paragraphs, table rows, block quotes (whole), code blocks, images,
 * rules — each the exact text of its lines, and between them the text that is not translated (blank lines, a
 * table's delimiter row). Joining the pieces gives the body back character for character.
 */
import MarkdownIt from "markdown-it";

/** Block structure only: the public renderer's options that matter for blocks (raw HTML off, as in core/markdown.ts). */
const markdown = new MarkdownIt({ html: false });

export const SEGMENT_KINDS = [
  "heading",
  "paragraph",
  "list_item",
  "table_row",
  "quote",
  "code",
  "image",
  "rule",
] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** One block: its kind and its text (its lines, without the last one's line break). */
export interface Segment {
  kind: SegmentKind;
  text: string;
}

/** A body as `lead`, then each segment followed by the text up to the next one (`after`). */
export interface SplitBody {
  lead: string;
  segments: (Segment & { after: string })[];
}

type Tokens = ReturnType<typeof markdown.parse>;

/** The offset at which each line starts, and the text's length last (markdown-it counts \r\n, \r and \n as one break). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|\n/g)) starts.push(match.index + match[0].length);
  starts.push(text.length);
  return starts;
}

const onlyImage = (token: Tokens[number] | undefined) => {
  const children = (token?.children ?? []).filter(
    (child) => !(child.type === "text" && child.content.trim() === "") && child.type !== "softbreak",
  );
  return children.length > 0 && children.every((child) => child.type === "image");
};

/** The leaf blocks' kinds and line ranges [start, end), in order. */
function leafBlocks(tokens: Tokens): { kind: SegmentKind; start: number; end: number }[] {
  const blocks: { kind: SegmentKind; start: number; end: number }[] = [];
  let listItems = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const add = (kind: SegmentKind) => token.map && blocks.push({ kind, start: token.map[0], end: token.map[1] });
    if (token.type === "list_item_open") listItems++;
    else if (token.type === "list_item_close") listItems--;
    else if (token.type === "heading_open") add("heading");
    else if (token.type === "tr_open") add("table_row");
    else if (token.type === "fence" || token.type === "code_block") add("code");
    else if (token.type === "hr") add("rule");
    else if (token.type === "html_block") add("paragraph");
    else if (token.type === "paragraph_open")
      add(listItems > 0 ? "list_item" : onlyImage(tokens[index + 1]) ? "image" : "paragraph");
    else if (token.type === "blockquote_open") {
      // A quote is one segment, whatever it holds: skip to its close.
      add("quote");
      let depth = 1;
      while (depth > 0 && ++index < tokens.length) {
        const inner = tokens[index]!.type;
        if (inner === "blockquote_open") depth++;
        else if (inner === "blockquote_close") depth--;
      }
    }
  }
  return blocks;
}

/** The body's segments and the text between them. */
export function splitMarkdown(body: string): SplitBody {
  const starts = lineStarts(body);
  const lines = starts.length - 1;
  /** The offset where line `line`'s text ends (before its break). */
  const endOfLine = (line: number) => {
    const next = starts[line + 1]!;
    const breakLength = body.slice(starts[line], next).match(/(\r\n?|\n)$/)?.[0].length ?? 0;
    return next - breakLength;
  };
  const blank = (line: number) => body.slice(starts[line], endOfLine(line)).trim() === "";
  const ranges: { kind: SegmentKind; from: number; to: number }[] = [];
  for (const block of leafBlocks(markdown.parse(body, {}))) {
    let end = Math.min(block.end, lines);
    while (end > block.start + 1 && blank(end - 1)) end--;
    if (block.start >= end) continue;
    const from = starts[block.start]!;
    const to = endOfLine(end - 1);
    // Leaves never overlap; a guard all the same, so that joining stays exact whatever the parser says.
    if (ranges.length > 0 && from < ranges.at(-1)!.to) continue;
    ranges.push({ kind: block.kind, from, to });
  }
  const segments = ranges.map((range, index) => ({
    kind: range.kind,
    text: body.slice(range.from, range.to),
    after: body.slice(range.to, ranges[index + 1]?.from ?? body.length),
  }));
  return { lead: body.slice(0, ranges[0]?.from ?? body.length), segments };
}

/** The body the pieces make: `lead`, then each segment's text and what follows it. */
export function joinMarkdown({ lead, segments }: SplitBody): string {
  return lead + segments.map((segment) => segment.text + segment.after).join("");
}

/** The body's segments alone (kind and text), as the workbench shows them: what the translation memory keeps. */
export function markdownSegments(body: string): Segment[] {
  return splitMarkdown(body).segments.map(({ kind, text }) => ({ kind, text }));
}

/**
 * The segments' kinds in order, as a short name: the translation memory pairs two language versions of a body block by
 * block only when theirs are equal (decision 0215).
 */
export function structureOf(segments: readonly Segment[]): string {
  let hash = 0x811c9dc5;
  for (const segment of segments) {
    for (const char of segment.kind) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
    hash = Math.imul(hash ^ 0x2f, 0x01000193);
  }
  return `${segments.length}-${(hash >>> 0).toString(36)}`;
}
