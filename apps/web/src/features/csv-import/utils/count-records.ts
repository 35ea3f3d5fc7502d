/**
 * Data rows in a CSV text as the server counts them: records, not lines (a quoted field may hold
 * newlines), blank lines skipped, the header excluded. Lets the upload step refuse a file over the row
 * limit before sending it. Stops counting past `stopAfter`.
 */
export function countCsvRows(text: string, stopAfter = Infinity): number {
  let records = 0;
  let quoted = false;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      quoted = !quoted;
      blank = false;
    } else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (!blank) records++;
      blank = true;
      if (records - 1 > stopAfter) break;
    } else if (blank && ch !== ' ' && ch !== '\t' && ch !== '\uFEFF') {
      blank = false;
    }
  }
  if (!blank) records++;
  return Math.max(0, records - 1);
}

/** Bytes as people read them (1.2 MB). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
