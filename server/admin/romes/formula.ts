/**
 * CSV formula injection (OWASP "CSV Injection"; decision 0027): a spreadsheet
 * runs a cell that starts with =, +, -, @, tab or carriage return as a formula.
 * The export prefixes such a cell with a single quote, which spreadsheets show
 * as text; the import removes that one quote again, so an export re-imports to
 * the same labels. Cells already starting with quotes before such a character
 * get one more, which keeps the pair an exact inverse of each other.
 */
const NEUTRALIZED = /^'*[=+\-@\t\r]/;
const WAS_NEUTRALIZED = /^'+[=+\-@\t\r]/;

export function neutralizeFormula(cell: string): string {
  return NEUTRALIZED.test(cell) ? `'${cell}` : cell;
}

export function restoreNeutralized(cell: string): string {
  return WAS_NEUTRALIZED.test(cell) ? cell.slice(1) : cell;
}
