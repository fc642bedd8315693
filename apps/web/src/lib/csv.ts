/**
 * CSV export of a report's current filter (issue 8): RFC 4180 quoting, a UTF-8 byte-order mark so
 * spreadsheet programs read Burmese, Thai and Chinese text, CRLF line ends. A cell that starts
 * with = + - @ (or a tab / carriage return) is prefixed with ' so a spreadsheet never runs it as
 * a formula (CSV injection); numbers are written as they are.
 */
export type CsvCell = string | number | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value == null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Saves `csv` as a file named `name` through a temporary link. */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
