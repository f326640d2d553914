/**
 * The staff exports' CSV (leads, audit trail): a header row, every cell quoted, CRLF line ends,
 * and any cell a spreadsheet would read as a formula (=, +, -, @, their full-width forms ＝ ＋ － ＠,
 * which spreadsheets read alike, or a leading tab or carriage return) given a leading apostrophe, as OWASP's CSV-injection guidance advises. papaparse does
 * the escaping; its built-in pattern ends in `.*$` and so misses a multi-line cell, hence ours.
 * An ASCII `+` followed by digits only (a phone number in E.164, `+16465550100`) is a number to a
 * spreadsheet, not a formula: it is left as it is, so phone numbers export without the apostrophe.
 */
import Papa from "papaparse";

const FORMULA = /^(?!\+\d+$)[=+\-@\t\r＝＋－＠]/;

export function toCsv(fields: readonly string[], data: readonly (readonly string[])[]): string {
  return Papa.unparse(
    { fields: [...fields], data: data.map((row) => [...row]) },
    { newline: "\r\n", quotes: true, escapeFormulae: FORMULA },
  );
}
