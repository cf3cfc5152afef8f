/**
 * The segments a translation memory pairs (issue 45 item 2): a Markdown body cut into its blocks — heading,
 * paragraph, list item, table row, quote, code block, image — each as the text a translator writes (the inline
 * Markdown, without the block's markers). Two language versions of a body pair block by block only when their
 * blocks are of the same kinds in the same order (`structureOf`); the segment editor's own segmenter
 * (core/segments/) cuts by the same blocks, to be made one at merge.
 */
import MarkdownIt from "markdown-it";

export const SEGMENT_KINDS = ["heading", "paragraph", "list_item", "table_row", "quote", "code", "image"] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export interface MarkdownSegment {
  kind: SegmentKind;
  text: string;
}

const parser = new MarkdownIt({ html: false });

type Token = ReturnType<typeof parser.parse>[number];

const IMAGE_ONLY = /^!\[[^\]]*\]\([^)]*\)$/;

function kindOf(open: Token, text: string, containers: readonly string[]): SegmentKind {
  if (open.type === "heading_open") return "heading";
  if (containers.includes("list_item_open")) return "list_item";
  if (containers.includes("blockquote_open")) return "quote";
  return IMAGE_ONLY.test(text.trim()) ? "image" : "paragraph";
}

/** The body's blocks in order; blank ones are left out. */
export function markdownSegments(markdown: string): MarkdownSegment[] {
  const tokens = parser.parse(markdown, {});
  const segments: MarkdownSegment[] = [];
  const containers: string[] = [];
  let row: string[] | null = null;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.type === "list_item_open" || token.type === "blockquote_open") containers.push(token.type);
    else if (token.type === "list_item_close" || token.type === "blockquote_close") containers.pop();
    else if (token.type === "tr_open") row = [];
    else if (token.type === "tr_close" && row !== null) {
      if (row.some((cell) => cell !== "")) segments.push({ kind: "table_row", text: row.join(" | ") });
      row = null;
    } else if (token.type === "inline" && row !== null) row.push(token.content.trim());
    else if (token.type === "fence" || token.type === "code_block") {
      if (token.content.trim() !== "") segments.push({ kind: "code", text: token.content.replace(/\n$/, "") });
    } else if ((token.type === "heading_open" || token.type === "paragraph_open") && row === null) {
      const text = tokens[index + 1]?.type === "inline" ? tokens[index + 1]!.content.trim() : "";
      if (text !== "") segments.push({ kind: kindOf(token, text, containers), text });
    }
  }
  return segments;
}

/** The blocks' kinds in order, as a short name: two bodies pair block by block only when theirs are equal. */
export function structureOf(segments: readonly MarkdownSegment[]): string {
  let hash = 0x811c9dc5;
  for (const segment of segments) {
    for (const char of segment.kind) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
    hash = Math.imul(hash ^ 0x2f, 0x01000193);
  }
  return `${segments.length}-${(hash >>> 0).toString(36)}`;
}
