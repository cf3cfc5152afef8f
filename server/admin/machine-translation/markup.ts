/**
 * What of a segment's Markdown a translation service must not touch (decision 0218): code spans, link and image
 * destinations (`media:` references included), autolinks and bare addresses, and the block markers at the start
 * of a line (a heading's #, a list item's -, a quote's >). Each is replaced by a numbered marker `{{n}}` before the
 * text is sent and put back in the answer. A marker the service dropped leaves its part out: the quality checks,
 * run on every suggestion, then say what is missing (a link, a code span).
 */

/** The parts kept, in the order they are looked for: the first pattern that matches at a place wins. */
const KEPT = new RegExp(
  [
    // A code span: a run of backticks, anything, the same run.
    /(`+)[\s\S]*?\1/.source,
    // A link's or image's destination with its optional title: "](…)".
    /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:"[^"]*"|'[^']*'))?\)/.source,
    // An autolink, a bare address.
    /<[a-z][a-z0-9+.-]*:[^\s<>]*>/.source,
    /\b(?:https?:\/\/|www\.)[^\s<>()]+[^\s<>().,;:!?'"]/.source,
    // Block markers at a line's start: headings, quotes, list items, a table row's pipes are left to the text.
    /^[ \t]*(?:#{1,6}[ \t]+|(?:>[ \t]?)+|[-*+][ \t]+|\d{1,9}[.)][ \t]+)/.source,
  ].join("|"),
  "gimu",
);

const MARKER = /\{\{\s*(\d{1,4})\s*\}\}/g;

export interface Protected {
  text: string;
  kept: string[];
}

/** The text with its kept parts replaced by markers; `kept[n]` is marker n's part. */
export function protectMarkdown(text: string): Protected {
  const kept: string[] = [];
  // A marker-like text of the source is kept too, so it never reads as one of ours.
  const guarded = text.replace(MARKER, (marker) => `{{${kept.push(marker) - 1}}}`);
  const protectedText = guarded.replace(KEPT, (part, ...rest: unknown[]) => {
    const offset = rest[rest.length - 2] as number;
    // A marker made by the step before is not matched again (its digits are not a list item).
    if (/^\s*$/.test(part) || isMarker(guarded, offset)) return part;
    return `{{${kept.push(part) - 1}}}`;
  });
  return { text: protectedText, kept };
}

function isMarker(text: string, offset: number): boolean {
  return text.slice(Math.max(0, offset - 2), offset) === "{{";
}

/** The service's answer with the kept parts back in place of their markers; unknown markers stay as written. */
export function restoreMarkdown(answer: string, kept: readonly string[]): string {
  return answer.replace(MARKER, (marker, index: string) => kept[Number(index)] ?? marker);
}
