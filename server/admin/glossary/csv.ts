/**
 * A glossary as CSV (decision 0217): a header row `term,translation,forbidden,note`, one term a row, the forbidden
 * translations separated by " | ". Written with every cell quoted, and a cell that a spreadsheet would run as a
 * formula (= + - @ at its start) written after an apostrophe, which reading takes off again. Read with csv-parse,
 * on the worker thread (decision 0142): a bad file is refused whole, naming its line, before anything is written.
 */
import { parse } from "csv-parse/sync";
import { glossaryInput, MAX_GLOSSARY_CSV_BYTES, MAX_GLOSSARY_CSV_ROWS } from "#core/admin/glossary/schema.ts";
import { FileRefused, truncateChars } from "#server/admin/romes/refusal.ts";

export const GLOSSARY_CSV_COLUMNS = ["term", "translation", "forbidden", "note"] as const;
const FORBIDDEN_SEPARATOR = " | ";
/** What a spreadsheet would run as a formula; and an apostrophe before it, so that reading gives back what was written. */
const FORMULA_START = /^'*[=+\-@\t\r]/u;

export interface CsvTerm {
  line: number;
  term: string;
  translation: string;
  forbidden: string[];
  note: string;
}

function cell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function glossaryCsv(terms: readonly Omit<CsvTerm, "line">[]): string {
  const rows = [GLOSSARY_CSV_COLUMNS.join(",")];
  for (const term of terms)
    rows.push([term.term, term.translation, term.forbidden.join(FORBIDDEN_SEPARATOR), term.note].map(cell).join(","));
  return `${rows.join("\r\n")}\r\n`;
}

const unguarded = (value: string) => (/^''*[=+\-@\t\r]/u.test(value) ? value.slice(1) : value);

/** The file's terms; refuses (FileRefused) a file too big, malformed, with a bad row or a term twice. */
export function readGlossaryCsv(text: string): CsvTerm[] {
  if (Buffer.byteLength(text, "utf8") > MAX_GLOSSARY_CSV_BYTES)
    throw new FileRefused(`The file is larger than ${MAX_GLOSSARY_CSV_BYTES / (1024 * 1024)} MiB.`);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it was read (csv-parse's types do not follow the option).
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      to: MAX_GLOSSARY_CSV_ROWS + 2,
    }) as unknown as typeof records;
  } catch (error) {
    throw new FileRefused(`The file is not valid CSV: ${truncateChars((error as Error).message, 200)}`);
  }
  const [header, ...rows] = records;
  if (header === undefined || header.record.join(",").toLowerCase() !== GLOSSARY_CSV_COLUMNS.join(","))
    throw new FileRefused(`The first row must be the header ${GLOSSARY_CSV_COLUMNS.join(",")}.`);
  if (rows.length > MAX_GLOSSARY_CSV_ROWS)
    throw new FileRefused(`The file has more than ${MAX_GLOSSARY_CSV_ROWS.toLocaleString("en")} terms.`);
  const seen = new Set<string>();
  return rows.map(({ record, info }) => {
    // The line the row ends on (a quoted cell may hold line feeds).
    const line = info.lines;
    const [term, translation, forbidden, note] = record.map(unguarded) as [string, string, string, string];
    const checked = glossaryInput.safeParse({
      from: "x",
      to: "x",
      term,
      translation,
      forbidden: forbidden
        .split("|")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ""),
      note,
    });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw new FileRefused(`Line ${line}: ${String(issue.path[0])} ${issue.message}.`);
    }
    const key = checked.data.term.normalize("NFKC").toLocaleLowerCase("und");
    if (seen.has(key))
      throw new FileRefused(`Line ${line}: the term ${JSON.stringify(truncateChars(term, 40))} is there twice.`);
    seen.add(key);
    const { from: _from, to: _to, ...entry } = checked.data;
    return { line, ...entry };
  });
}
