import type { RuleFn } from '../types.ts';

/**
 * File types the product accepts for upload (SPEC §7), for a `mime:` rule: the same list as uploads'
 * UPLOAD_EXTENSIONS, which the upload endpoint checks; used by no form today (docs/validation-rules.md).
 */
export const UPLOAD_TYPES = ['csv', 'gif', 'jpg', 'jpeg', 'png', 'pdf', 'svg'] as const;

/** What browsers report for each extension (Windows reports CSV as an Excel type). */
const MIME_BY_EXTENSION: Record<string, readonly string[]> = {
  csv: ['text/csv', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel'],
  gif: ['image/gif'],
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  pdf: ['application/pdf'],
  svg: ['image/svg+xml'],
};

/** The part of a browser File (or an upload record) the rule needs. */
export interface FileLike {
  name: string;
  type: string;
}

const isFileLike = (value: unknown): value is FileLike =>
  typeof value === 'object' &&
  value !== null &&
  'name' in value &&
  typeof value.name === 'string' &&
  'type' in value &&
  typeof value.type === 'string';

/** A type argument is an extension (`pdf`), a MIME type (`image/png`) or a family (`image/*`). */
function accepts(file: FileLike, allowed: readonly string[]): boolean {
  const type = file.type.toLowerCase();
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  // With no type from the browser, the name's extension is all there is to go on.
  const untyped = type === '' || type === 'application/octet-stream';
  return allowed.some((arg) => {
    if (arg.endsWith('/*')) return type.startsWith(arg.slice(0, -1));
    if (arg.includes('/')) return type === arg;
    return (MIME_BY_EXTENSION[arg]?.includes(type) ?? false) || (untyped && extension === arg);
  });
}

/** `mime:csv,pdf` — one file or every file of a list has an allowed type. */
export const mime: RuleFn = (value, args) => {
  const allowed = args.map((a) => String(a).toLowerCase());
  if (allowed.length === 0) return { key: 'default' };
  const files = Array.isArray(value) ? value : [value];
  const ok = files.every((file) => isFileLike(file) && accepts(file, allowed));
  return ok ? null : { key: 'mime', params: { list: args.map(String) } };
};
