import { describe, expect, it } from 'vitest';
import { UnknownRuleError, parseRules } from './parse.ts';
import { validate } from './validate.ts';

const rules = (value: unknown, spec: Parameters<typeof validate>[1]) => validate(value, spec).map((i) => i.rule);

describe('validate', () => {
  it('returns nothing for a valid value', () => {
    expect(validate('ana@example.com', 'required|email|max:50')).toEqual([]);
  });

  it('runs every rule in order and reports each failure', () => {
    expect(rules('a1', 'required|alpha|min:3|email')).toEqual(['alpha', 'min', 'email']);
  });

  it('returns rule, message key, params and message', () => {
    expect(validate('ab', 'min:3', { label: 'code', locale: 'es' })).toEqual([
      {
        rule: 'min',
        key: 'min_length',
        params: { min: 3, count: 3 },
        message: 'El campo code debe tener al menos 3 caracteres.',
      },
    ]);
  });

  it('defaults to English', () => {
    expect(validate('', 'required')[0]?.message).toBe('This field is required.');
  });

  it('accepts rules parsed beforehand', () => {
    const parsed = parseRules('required|email');
    expect(rules('', parsed)).toEqual(['required', 'email']);
    expect(rules('a@b.co', parsed)).toEqual([]);
  });

  it('raises Unknown validation rule', () => {
    expect(() => validate('x', 'required|bogus')).toThrow(UnknownRuleError);
    expect(() => validate('x', 'required|bogus')).toThrow('Unknown validation rule');
  });
});

describe('bail', () => {
  it('stops at the first failing rule, wherever bail is written', () => {
    expect(rules('', 'bail|required|email|min:3')).toEqual(['required']);
    expect(rules('', 'required|email|min:3|bail')).toEqual(['required']);
    expect(rules('ab', 'bail|required|email|min:3')).toEqual(['email']);
  });

  it('^ stops only after that rule fails', () => {
    expect(rules('', '^required|email|min:3')).toEqual(['required']);
    expect(rules('ab', '^required|email|min:3')).toEqual(['email', 'min']);
    expect(rules('ab', 'email|^min:3|number')).toEqual(['email', 'min']);
  });
});

describe('optional', () => {
  it('lets an empty value skip every rule', () => {
    for (const empty of ['', undefined, null, []]) expect(rules(empty, 'optional|email|min:3')).toEqual([]);
    expect(rules('', 'email|min:3|optional')).toEqual([]);
  });

  it('still checks a value that is not empty', () => {
    expect(rules('ab', 'optional|email|min:3')).toEqual(['email', 'min']);
    expect(rules(' ', 'optional|email')).toEqual(['email']);
  });

  it('without it, empty values are judged by each rule', () => {
    expect(rules('', 'email|min:3|max:5')).toEqual(['email', 'min']);
  });

  it('rule? skips only that rule on an empty value', () => {
    expect(rules('', 'email?|min:3')).toEqual(['min']);
    expect(rules('ab', 'email?|min:3')).toEqual(['email', 'min']);
  });
});
