import { describe, expect, it } from 'vitest';
import { validate } from './validate.ts';

const fails = (value: unknown, rules: string, values: Record<string, unknown> = {}, name?: string) =>
  validate(value, rules, { values, name }).map((i) => i.key);

describe('required', () => {
  it('fails on nothing, empty text and empty lists', () => {
    for (const empty of [undefined, null, '', [], {}]) expect(fails(empty, 'required')).toEqual(['required']);
  });
  it('passes on any present value, including 0 and false', () => {
    for (const value of ['a', ' ', 0, false, ['x'], new Date(0), { name: 'a.pdf', type: 'application/pdf' }]) {
      expect(fails(value, 'required')).toEqual([]);
    }
  });
  it('treats blank text as empty with required:trim', () => {
    expect(fails('   ', 'required:trim')).toEqual(['required']);
    expect(fails(' a ', 'required:trim')).toEqual([]);
  });
  it('says "X is required." with the label', () => {
    expect(validate('', 'required', { label: 'name' })[0]?.message).toBe('Name is required.');
    expect(validate('', 'required')[0]?.message).toBe('This field is required.');
  });
});

describe('accepted', () => {
  it('passes on the ways of saying yes', () => {
    for (const yes of [true, 'true', 'yes', 'on', '1', 1]) expect(fails(yes, 'accepted')).toEqual([]);
  });
  it('fails on anything else', () => {
    for (const no of [false, 'false', 'no', 0, '', undefined, 'off'])
      expect(fails(no, 'accepted')).toEqual(['accepted']);
  });
});

describe('confirm', () => {
  it('matches password_confirm against password, and password against password_confirm', () => {
    const values = { password: 's3cret!', password_confirm: 's3cret!' };
    expect(fails('s3cret!', 'confirm', values, 'password_confirm')).toEqual([]);
    expect(fails('s3cret!', 'confirm', values, 'password')).toEqual([]);
    expect(fails('other', 'confirm', values, 'password_confirm')).toEqual(['confirm']);
    expect(fails('other', 'confirm', values, 'password')).toEqual(['confirm']);
  });
  it('matches camelCase passwordConfirm against password', () => {
    expect(fails('a', 'confirm', { password: 'a' }, 'passwordConfirm')).toEqual([]);
    expect(fails('b', 'confirm', { password: 'a' }, 'passwordConfirm')).toEqual(['confirm']);
  });
  it('takes the counterpart as an argument', () => {
    expect(fails('x@y.co', 'confirm:email', { email: 'x@y.co' }, 'repeat')).toEqual([]);
    expect(fails('x@y.com', 'confirm:email', { email: 'x@y.co' }, 'repeat')).toEqual(['confirm']);
  });
  it('fails when the counterpart is missing, and is misconfigured without a name', () => {
    expect(fails('a', 'confirm', {}, 'password_confirm')).toEqual(['confirm']);
    expect(validate('a', 'confirm')[0]?.message).toBe('This field isn’t valid.');
  });
});
