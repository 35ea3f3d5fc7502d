import { describe, expect, it } from 'vitest';
import { UnknownRuleError, parseRules } from './parse.ts';

describe('parseRules', () => {
  it('reads names and comma-separated arguments', () => {
    const { rules, bail, optional } = parseRules('required|email|between:1,10|in:a,b,c');
    expect(rules.map((r) => [r.name, r.args])).toEqual([
      ['required', []],
      ['email', []],
      ['between', ['1', '10']],
      ['in', ['a', 'b', 'c']],
    ]);
    expect({ bail, optional }).toEqual({ bail: false, optional: false });
  });

  it('keeps | and , inside a /regex/ argument', () => {
    const [rule] = parseRules('matches:/^(a|b),[,/]\\/x$/i,plain|required').rules;
    expect(rule?.args).toEqual(['/^(a|b),[,/]\\/x$/i', 'plain']);
    expect(parseRules('matches:/^(a|b),[,/]\\/x$/i,plain|required').rules.map((r) => r.name)).toEqual([
      'matches',
      'required',
    ]);
  });

  it('knows a / inside [...] does not end the regex', () => {
    expect(parseRules('matches:/^[/|,]+$/|required').rules.map((r) => [r.name, r.args])).toEqual([
      ['matches', ['/^[/|,]+$/']],
      ['required', []],
    ]);
  });

  it('reads bail and optional anywhere, ^ and ? on one rule', () => {
    const parsed = parseRules('email?|^required|optional|min:3|bail');
    expect(parsed.bail).toBe(true);
    expect(parsed.optional).toBe(true);
    expect(parsed.rules.map(({ name, bail, optional }) => ({ name, bail, optional }))).toEqual([
      { name: 'email', bail: false, optional: true },
      { name: 'required', bail: true, optional: false },
      { name: 'min', bail: false, optional: false },
    ]);
  });

  it('takes a list of strings and [name, ...args] tuples with real values', () => {
    const phone = /^\d{3}|\d{4}$/;
    const { rules } = parseRules(['required|bail', ['matches', phone], ['max', 5]]);
    expect(rules.map((r) => [r.name, r.args])).toEqual([
      ['required', []],
      ['matches', [phone]],
      ['max', [5]],
    ]);
  });

  it('ignores blanks and spaces around names', () => {
    expect(parseRules(' required | email |').rules.map((r) => r.name)).toEqual(['required', 'email']);
    expect(parseRules('').rules).toEqual([]);
  });

  it('raises Unknown validation rule with the rule name', () => {
    const attempt = () => parseRules('required|emial');
    expect(attempt).toThrow(UnknownRuleError);
    expect(attempt).toThrow('Unknown validation rule');
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect((error as UnknownRuleError).message).toBe('Unknown validation rule');
      expect((error as UnknownRuleError).rule).toBe('emial');
    }
    expect(() => parseRules([['nope', 1]])).toThrow(UnknownRuleError);
    // Object-prototype names are not rules.
    expect(() => parseRules('toString')).toThrow('Unknown validation rule');
  });
});
