import type { RejectedRow } from "#core/admin/romes/schema.ts";
import { FileRefused, quoteForMessage, truncateChars } from "./refusal.ts";

/** A validated row, ready to import. */
export interface RomeRow {
  code: string;
  label: string;
  ogr: number | null;
  /** 1-based line where the row (CSV record or XML item) starts, for messages. */
  line: number;
}

/** A row as read from the file, before validation; null when the field is absent. */
export interface RawRow {
  line: number;
  code: string | null;
  label: string | null;
  ogr: string | null;
}

const CODE_PATTERN = /^[A-N]\d{4}$/;
const MAX_LABEL_CHARS = 200;
// ogr ids are small (≤ 40 000 in v3.46); the bound keeps them in a Postgres integer.
const MAX_OGR = 2_147_483_647;
const MAX_REJECTED_CODE_CHARS = 20;

/**
 * Validates rows one by one as the readers produce them, splitting them into
 * accepted and rejected rows. Only the row count can refuse the whole file.
 */
export class RowCollector {
  readonly rows: RomeRow[] = [];
  readonly rejected: RejectedRow[] = [];
  readonly #lineByCode = new Map<string, number>();
  readonly #maxRows: number;

  constructor(maxRows: number) {
    this.#maxRows = maxRows;
  }

  get total(): number {
    return this.rows.length + this.rejected.length;
  }

  add(raw: RawRow): void {
    const code = normalizeCode(raw.code);
    const label = normalizeLabel(raw.label);
    const ogr = (raw.ogr ?? "").trim();
    const problem = codeProblem(code) ?? labelProblem(label) ?? ogrProblem(ogr);
    if (problem !== null) return this.reject(raw.line, code, problem);
    const firstLine = this.#lineByCode.get(code);
    if (firstLine !== undefined) return this.reject(raw.line, code, `duplicate of line ${firstLine}`);
    this.#countRow();
    this.#lineByCode.set(code, raw.line);
    this.rows.push({ code, label, ogr: ogr === "" ? null : Number(ogr), line: raw.line });
  }

  reject(line: number, rawCode: string | null, reason: string): void {
    this.#countRow();
    const code = normalizeCode(rawCode);
    this.rejected.push({ line, code: code === "" ? null : truncateChars(code, MAX_REJECTED_CODE_CHARS), reason });
  }

  #countRow(): void {
    if (this.total >= this.#maxRows) throw new FileRefused(`The file has more than ${this.#maxRows} rows.`);
  }
}

/** Lowercase codes are accepted: "a1101" is unambiguous. */
function normalizeCode(code: string | null): string {
  return (code ?? "").trim().toUpperCase();
}

function codeProblem(code: string): string | null {
  if (code === "") return "missing code";
  return CODE_PATTERN.test(code) ? null : `invalid code ${quoteForMessage(code)}`;
}

/** NFC so a label typed with combining accents compares equal to the stored one. */
function normalizeLabel(label: string | null): string {
  return (label ?? "").normalize("NFC").replace(/\s+/gu, " ").trim();
}

function labelProblem(label: string): string | null {
  if (label === "") return "empty label";
  if ([...label].length > MAX_LABEL_CHARS) return `label longer than ${MAX_LABEL_CHARS} characters`;
  // Whitespace controls were collapsed above; anything left (e.g. \u0001) is junk.
  if (/\p{Cc}/u.test(label)) return "label contains control characters";
  return null;
}

/** The ogr id is optional; when present it must be a positive integer. */
function ogrProblem(ogr: string): string | null {
  if (ogr === "") return null;
  const value = Number(ogr);
  return /^\d+$/.test(ogr) && value >= 1 && value <= MAX_OGR ? null : `invalid ogr ${quoteForMessage(ogr)}`;
}
