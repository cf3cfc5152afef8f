/**
 * The segment view's costs (issue 45, decisions 0210 and 0212): `node bench/segments.ts [--blocks N]`.
 * A body of N blocks (headings, paragraphs, list items, table rows, code) near the 200 000-character limit,
 * a new source with every twentieth block changed and one in fifty new, and its translation. Times, median of
 * 9 runs: opening the view (align: three splits, two alignments, the diffs), checking every segment once, and
 * a keystroke (joining the body again and checking the one segment typed in).
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { alignSegments, initialTexts, joinTranslation } from "#core/segments/align.ts";
import { segmentProblems } from "#core/segments/checks.ts";

const { values } = parseArgs({ options: { blocks: { type: "string", default: "1500" } } });
const BLOCKS = Number(values.blocks);
const RUNS = 9;

function block(index: number, words: string, version: string): string {
  switch (index % 6) {
    case 0:
      return `## ${words} ${index}`;
    case 1:
      return `${words} ${index} with [a link](https://example.com/${index}) and \`code\` ${version}, ${index * 7} times.`;
    case 2:
      return `- ${words} item ${index}\n- ${words} item ${index}b\n  - nested ${index}`;
    case 3:
      return `| ${words} | ${index} |\n|---|---|\n| row ${index} | ${index * 3} |`;
    case 4:
      return "```\nconst value = " + index + ";\n```";
    default:
      return `${words} ${"long sentence of the article ".repeat(3)}${index} ${version}.`;
  }
}

const body = (words: string, changed: (index: number) => boolean, added: (index: number) => boolean) =>
  Array.from({ length: BLOCKS }, (_, index) =>
    [
      block(index, words, changed(index) ? "edited" : "first"),
      ...(added(index) ? [`A new paragraph ${index}.`] : []),
    ].join("\n\n"),
  ).join("\n\n");

const base = body(
  "The ferry",
  () => false,
  () => false,
);
const source = body(
  "The ferry",
  (index) => index % 20 === 1,
  (index) => index % 50 === 0,
);
const translation = body(
  "Le ferry",
  () => false,
  () => false,
);
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
function time(run: () => void): number {
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return Math.round(median(times) * 10) / 10;
}

const alignment = alignSegments({ source, base, translation, sourceLanguage: "en-US" });
const texts = initialTexts(alignment);
const typedAt = Math.floor(alignment.rows.length / 2);
const result = {
  blocks: BLOCKS,
  characters: { source: source.length, translation: translation.length },
  rows: alignment.rows.length,
  statuses: Object.fromEntries(
    ["new", "changed", "unchanged", "removed"].map((status) => [
      status,
      alignment.rows.filter((row) => row.status === status).length,
    ]),
  ),
  openMs: time(() => alignSegments({ source, base, translation, sourceLanguage: "en-US" })),
  checkAllMs: time(() => {
    alignment.rows.forEach(
      (row, index) => row.source && segmentProblems(row.source.text, texts[index]!, row.source.kind),
    );
  }),
  keystrokeMs: time(() => {
    const typed = texts.with(typedAt, `${texts[typedAt]!} x`);
    joinTranslation(alignment, typed);
    const row = alignment.rows[typedAt]!;
    if (row.source) segmentProblems(row.source.text, typed[typedAt]!, row.source.kind);
  }),
};
console.log(JSON.stringify(result, null, 2));
