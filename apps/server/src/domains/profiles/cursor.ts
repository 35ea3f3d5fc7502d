import { PROFILE_STATUSES, type ProfileSort } from '@centinela/shared';

/**
 * An opaque keyset cursor: the sort it belongs to and the last row's sort value and id. A cursor
 * from another sort or order is refused rather than silently paging wrong.
 */
export type Cursor = { sort: ProfileSort; order: 'asc' | 'desc'; value: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string, sort: ProfileSort, order: 'asc' | 'desc'): Cursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || !parsed.every((p) => typeof p === 'string')) return null;
  const [s, o, value, id] = parsed as string[];
  if (s !== sort || o !== order || !/^[0-9a-f-]{36}$/i.test(id!) || value!.includes('\u0000')) return null;
  if (sort === 'created_at' && Number.isNaN(new Date(value!).getTime())) return null;
  if (sort === 'status' && !(PROFILE_STATUSES as readonly string[]).includes(value!)) return null;
  return { sort, order, value: value!, id: id! };
}
