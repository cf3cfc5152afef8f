import { neutralizeFormula } from "./formula.ts";

export interface ExportedJob {
  code: string;
  ogr: number | null;
  label: string;
}

const HEADER = ["code_ogr", "code_rome", "libelle"];
// The official file uses CRLF, as RFC 4180 does.
const LINE_END = "\r\n";

/**
 * Writes jobs in the official ROME CSV shape (`code_ogr,code_rome,libelle`),
 * in the order given, each line ending with CRLF, so the export can be
 * re-imported and matches the official file byte for byte.
 */
export function toCsv(jobs: ExportedJob[]): string {
  const lines = [HEADER, ...jobs.map((job) => [job.ogr === null ? "" : String(job.ogr), job.code, job.label])];
  return lines.map((fields) => fields.map(csvField).join(",") + LINE_END).join("");
}

/**
 * A cell that could run as a spreadsheet formula is neutralized first; then,
 * as RFC 4180 says, quoted only if it holds a comma, a quote or a line break,
 * with inner quotes doubled. Official data has no such cell, so its export stays byte-identical.
 */
export function csvField(value: string): string {
  const cell = neutralizeFormula(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}
