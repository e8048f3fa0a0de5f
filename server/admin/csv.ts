/**
 * CSV for the dashboard's exports (RFC 4180: comma-separated, CRLF line ends, a field quoted when
 * it holds a comma, a quote or a line break, quotes doubled). Text that a spreadsheet would run as
 * a formula — starting with =, +, -, @, a tab, a carriage return or `;` — gets a leading
 * apostrophe (OWASP "CSV injection"): a visitor's search term must not become a formula in the
 * owner's spreadsheet. A field holding `;` is quoted too: spreadsheets in locales that separate
 * with `;` would otherwise split it, and `a;=cmd` would start a cell with a formula. Numbers are
 * written as numbers.
 *
 * @example csvTable(['term', 'searches'], [['=HYPERLINK("x")', 3]]) // 'term,searches\r\n"\'=HYPERLINK(""x"")",3\r\n'
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r;]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvTable(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
