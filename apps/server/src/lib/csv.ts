import { stringify, type Options } from "csv-stringify/sync";

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe, so an exported note like "=HYPERLINK(...)" stays text (OWASP "CSV injection").
 * Only strings: a negative number is a number.
 */
export const guardFormula = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const options: Options = {
  record_delimiter: "\r\n",
  cast: {
    string: guardFormula,
    // csv-stringify's defaults would write booleans as "1"/"" and dates as epoch milliseconds.
    boolean: (v) => String(v),
    date: (v) => v.toISOString(),
    // Objects (JSON columns) as JSON, then guarded like any other text.
    object: (v) => guardFormula(JSON.stringify(v)),
  },
};
const quotedOptions: Options = { ...options, quoted: true, quoted_empty: true };

/**
 * CSV lines (each ending CRLF) for `rows`, every export's one encoder: cells quoted when they hold
 * a comma, quote or line break (or always, with `quoted`), null and undefined empty.
 */
export function csvRows(rows: unknown[][], { quoted = false }: { quoted?: boolean } = {}): string {
  return rows.length === 0 ? "" : stringify(rows, quoted ? quotedOptions : options);
}
