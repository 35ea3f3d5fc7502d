import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ISSUE_MESSAGES, isIssueKey, issueMessage, zodIssueKey } from './index.ts';

const leaves = (node: unknown, prefix = ''): [string, string][] =>
  typeof node === 'string'
    ? [[prefix, node]]
    : Object.entries(node as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('issue messages', () => {
  it('every language has each key, as a sentence with the same placeholders', () => {
    const english = new Map(leaves(ISSUE_MESSAGES.en));
    for (const [locale, catalogue] of Object.entries(ISSUE_MESSAGES)) {
      const words = new Map(leaves(catalogue));
      expect([...words.keys()], locale).toEqual([...english.keys()]);
      for (const [key, text] of words) {
        expect(text, `${locale} ${key}`).toMatch(/^\S.*\s.*[.?!]$/);
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english.get(key)!));
      }
    }
  });

  it('words a catalogue key and a general rule in the caller’s language', () => {
    expect(issueMessage('profiles.validation.pipelineOrReports', 'es')).toBe('Elija un flujo o al menos un informe.');
    expect(issueMessage('validation.required', 'en', {}, 'name')).toBe('Name is required.');
    expect(issueMessage('validation.max_length', 'es', { max: 1, count: 1 })).toBe(
      'Este campo debe tener como máximo 1 carácter.',
    );
    expect(issueMessage('management.validation.passwordShort', 'en', { min: 12 })).toBe(
      'The password needs at least 12 characters.',
    );
  });

  it('knows no key it has no words for', () => {
    expect(isIssueKey('profiles.validation')).toBe(false);
    expect(isIssueKey('validation.toString')).toBe(false);
    expect(isIssueKey('validation.required')).toBe(true);
    expect(issueMessage('csvImport.problems.nope', 'en')).toBeUndefined();
  });
});

describe('a zod issue’s key', () => {
  const keyOf = (schema: z.ZodType, value: unknown) => {
    const issue = schema.safeParse(value).error!.issues[0]!;
    return zodIssueKey(issue, issue.path.length ? (value as Record<string, unknown>)[String(issue.path[0])] : value);
  };
  const form = z.strictObject({
    name: z.string().trim().min(1).max(3),
    tags: z.array(z.string()).min(2),
    email: z.email().optional(),
    age: z.number().optional(),
    pick: z.enum(['a', 'b']).optional(),
    own: z
      .string()
      .refine(() => false, { message: 'profiles.validation.emailOrPhone' })
      .optional(),
  });
  const valid = { name: 'Ana', tags: ['a', 'b'] };

  it('is the schema’s own key when it names one', () => {
    expect(keyOf(form, { ...valid, own: 'x' })).toEqual({ key: 'profiles.validation.emailOrPhone', params: {} });
  });

  it('is the general rule the issue amounts to, with its placeholders', () => {
    expect(keyOf(form, { ...valid, name: undefined })).toEqual({ key: 'validation.required', params: {} });
    expect(keyOf(form, { ...valid, name: '   ' })).toEqual({ key: 'validation.required', params: {} });
    expect(keyOf(form, { ...valid, name: 'Anabel' })).toEqual({
      key: 'validation.max_length',
      params: { max: 3, count: 3 },
    });
    expect(keyOf(form, { ...valid, tags: ['a'] })).toEqual({
      key: 'validation.min_items',
      params: { min: 2, count: 2 },
    });
    expect(keyOf(form, { ...valid, email: 'nope' })).toEqual({ key: 'validation.email', params: {} });
    expect(keyOf(form, { ...valid, age: 'x' })).toEqual({ key: 'validation.number', params: {} });
    expect(keyOf(form, { ...valid, pick: 'c' })).toEqual({ key: 'validation.in', params: {} });
    expect(keyOf(form, { ...valid, admin: true, root: 1 })).toEqual({
      key: 'validation.unknown_keys',
      params: { keys: 'admin, root', count: 2 },
    });
  });
});
