/**
 * The words of a body written in a simple subset of Markdown — paragraphs, `#` headings, `- ` list items, `*em*`,
 * `**strong**`, `` `code` ``, `[links](address)`, "quotes" and apostrophes — read without markdown-it's parse, which
 * was a quarter of an import's CPU (docs/decisions/0237-simple-markdown-words-without-the-parser.md). It answers
 * exactly what markdownText (markdown.ts) answers from markdown-it, typographer included, or `undefined` for anything
 * outside the subset, which the parser then reads: each rule below refuses what it is not sure of, and a randomized
 * test compares the two on texts built from the subset and everything near it (simple-markdown-text.test.ts).
 */

/**
 * What leaves the subset anywhere in a text: HTML and autolinks, entities, escapes, `_` and `~` markup, tables,
 * images, runs of backticks (a code span ends at a run as long as its opening one), the typographer's replacements
 * (`(c)`, `...`, `--`, `+-`, `,,`, `????`, `!!!!`), reference definitions, control characters, and white space other
 * than the space, the line break and French typography's no-break spaces (JavaScript's trim and markdown-it's
 * differ). Markup left once the subset's is read refuses too (LEFT_OVER): a fence, a lone bracket or star.
 */
const OUTSIDE_SUBSET =
  /[\0-\x09\x0b-\x1f\x7f<>&\\_|~]|[^\S \n\u00a0\u202f]|``|!\[|!!|\+-|\.\.|\?\?|,,|--|\((?:c|tm|r)\)|\]:/iu;
const SPACE = /\s/u;
/** White space at either end of a line: a hard break, an indent, or trimmed by markdown-it at a block's ends only. */
const edgeSpace = (line: string) => line !== "" && (SPACE.test(line[0]!) || SPACE.test(line.at(-1)!));
/** Lines that would start a block of another kind, or an ordered list. */
const OTHER_BLOCK = /^(?:[ #+=*-]|\d+[.)])/u;
const EMPHASIS_START = /^\*{1,2}[\p{L}\p{N}]/u;
const HEADING = /^#{1,6} (?=\S)/u;
const LIST_ITEM = /^- /u;

/**
 * A pair of double quotes markdown-it's typographer can only read as opening and closing: after a line's start or a
 * space and before a letter or digit, then after one and before a space, a line's end or `.,;:?!` (or after them and
 * before a space or a line's end), with no markup between that could put them at different levels.
 */
const QUOTED =
  /(?<=^|[ \n])"(?=[\p{L}\p{N}])([^"*[\]`]*?)(?:(?<=[\p{L}\p{N}])"(?=$|[ \n.,;:?!])|(?<=[.,;:?!])"(?=$|[ \n]))/gu;
/** An apostrophe between two letters or digits, which the typographer always makes ’. */
const APOSTROPHE = /(?<=[\p{L}\p{N}])'(?=[\p{L}\p{N}])/gu;
/**
 * `*em*` or `**strong**` that can only be that: after a line's start or a space, with a letter or digit inside each
 * end, then a space, a line's end or `.,;:?!`, and no markup inside but quotes (a code span or a link inside binds first).
 */
const EMPHASIS = /(^|[ \n])(\*\*?)(?=[\p{L}\p{N}])([^*\n[\]`]*[\p{L}\p{N}])\2(?=$|[ \n.,;:?!])/gu;
/** An inline link whose label is plain text on one line and whose address has no space, bracket, quote or parenthesis. */
const LINK = /\[([^[\]\n`]+)\]\(([^\s()<>[\]*`'"]+)\)/gu;
const REFUSED_ADDRESS = /^(?:vbscript|javascript|file|data):/iu;
/** A code span of one backtick whose text has no markup, no quote and no space at either end. */
const CODE = /`([^`\s*[\]'"](?:[^`\n*[\]'"]*[^`\s*[\]'"])?)`/gu;
/** Markup left once the subset's is read: the text is not in the subset. */
const LEFT_OVER = /[*[\]`'"]/u;

/** Whether a paragraph's (or a list item's) text can start with this: not another block, or emphasis. */
function startsParagraph(text: string): boolean {
  return !OTHER_BLOCK.test(text) || EMPHASIS_START.test(text);
}

/** A block's inline text as markdown-it's tokens give it, or `undefined` if it holds markup the subset does not read. */
function inlineText(block: string): string | undefined {
  let refused = false;
  const text = block
    .replace(QUOTED, "“$1”")
    .replace(APOSTROPHE, "’")
    .replace(EMPHASIS, "$1$3")
    .replace(LINK, (_link, label: string, address: string) => {
      if (REFUSED_ADDRESS.test(address)) refused = true;
      return label;
    })
    .replace(CODE, "$1");
  if (refused || LEFT_OVER.test(text)) return undefined;
  return text.replaceAll("\n", " ");
}

/** markdownText's answer for a body in the subset; `undefined` for any other body. */
export function simpleMarkdownText(source: string): string | undefined {
  if (OUTSIDE_SUBSET.test(source)) return undefined;
  const blocks: string[] = [];
  // The block a following text line continues (a paragraph's or a list item's), if any.
  let open: string | undefined;
  const close = () => {
    if (open !== undefined) blocks.push(open);
    open = undefined;
  };
  for (const line of source.split("\n")) {
    if (edgeSpace(line)) return undefined;
    if (line === "") {
      close();
    } else if (HEADING.test(line)) {
      const heading = line.slice(line.indexOf(" ") + 1);
      if (heading.endsWith("#")) return undefined;
      close();
      blocks.push(heading);
    } else if (LIST_ITEM.test(line)) {
      const item = line.slice(2);
      if (!startsParagraph(item) || edgeSpace(item)) return undefined;
      close();
      open = item;
    } else {
      if (!startsParagraph(line)) return undefined;
      open = open === undefined ? line : `${open}\n${line}`;
    }
  }
  close();
  const texts: string[] = [];
  for (const block of blocks) {
    const text = inlineText(block);
    if (text === undefined) return undefined;
    texts.push(text);
  }
  return texts.join("\n");
}
