export type Column<R> = { key: keyof R & string; label: string; format?: (value: R[keyof R], row: R) => string };

/** A cell as text, quoted when needed; a leading = + - @ is neutralised so spreadsheets do not run it. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV of the rows as the table shows them (same columns, same labels). */
export function toCsv<R>(columns: Column<R>[], rows: R[]): string {
  const head = columns.map((c) => cell(c.label)).join(',');
  const body = rows.map((row) => columns.map((c) => cell(c.format ? c.format(row[c.key], row) : row[c.key])).join(','));
  return [head, ...body].join('\r\n') + '\r\n';
}

/** Saves text as a file through a temporary link (a BOM so spreadsheet apps read UTF-8 accents). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
