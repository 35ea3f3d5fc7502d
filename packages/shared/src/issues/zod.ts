import { isIssueKey, type IssueKey, type IssueParams } from './keys.ts';

/** What a zod issue carries that its wording needs (zod's own English `message` is not used). */
export type ZodIssueLike = {
  code: string;
  message?: string;
  origin?: string;
  format?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  keys?: readonly string[];
};

const SIZED = { string: 'length', array: 'items', set: 'items' } as const;
const FORMATS: Record<string, IssueKey> = {
  email: 'validation.email',
  url: 'validation.url',
  date: 'validation.date',
  datetime: 'validation.date',
};

function bound(kind: 'min' | 'max', issue: ZodIssueLike): { key: IssueKey; params: IssueParams } {
  const limit = Number(kind === 'min' ? issue.minimum : issue.maximum);
  const sized = SIZED[issue.origin as keyof typeof SIZED];
  if (!sized) return { key: `validation.${kind}`, params: { [kind]: limit } };
  return { key: `validation.${kind}_${sized}`, params: { [kind]: limit, count: limit } };
}

/**
 * The message key of a zod issue: the key the schema gave as its message ('profiles.validation.…'),
 * else the general form rule it amounts to. `value` is what was sent at the issue's path: nothing there,
 * or only blanks, is 'required'.
 */
export function zodIssueKey(issue: ZodIssueLike, value: unknown): { key: IssueKey; params: IssueParams } {
  if (issue.message && isIssueKey(issue.message)) return { key: issue.message, params: {} };
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  switch (issue.code) {
    case 'invalid_type':
      if (blank) return { key: 'validation.required', params: {} };
      return {
        key: issue.expected === 'number' || issue.expected === 'int' ? 'validation.number' : 'validation.default',
        params: {},
      };
    case 'too_small':
      return blank ? { key: 'validation.required', params: {} } : bound('min', issue);
    case 'too_big':
      return bound('max', issue);
    case 'invalid_format':
      return { key: FORMATS[issue.format ?? ''] ?? 'validation.matches', params: {} };
    case 'invalid_value':
      return { key: 'validation.in', params: {} };
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return { key: 'validation.unknown_keys', params: { keys: keys.join(', '), count: keys.length } };
    }
    default:
      return { key: 'validation.default', params: {} };
  }
}
