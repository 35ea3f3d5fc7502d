import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validate } from './validate.ts';

const keys = (value: unknown, rules: string) => validate(value, rules).map((i) => i.key);

describe('after and before a given date', () => {
  it('compare with the argument', () => {
    expect(keys('2024-03-02', 'after:2024-03-01')).toEqual([]);
    expect(keys('2024-03-01', 'after:2024-03-01')).toEqual(['after']);
    expect(keys('2024-02-28', 'after:2024-03-01')).toEqual(['after']);
    expect(keys('2024-02-29', 'before:2024-03-01')).toEqual([]);
    expect(keys('2024-03-01', 'before:2024-03-01')).toEqual(['before']);
    expect(keys(new Date('2025-01-01'), 'after:2024-12-31')).toEqual([]);
  });
  it('fail on values that are not dates', () => {
    expect(keys('soon', 'after:2024-03-01')).toEqual(['after']);
    expect(keys(undefined, 'before:2024-03-01')).toEqual(['before']);
  });
  it('name the date in the message', () => {
    expect(validate('2020-01-01', 'after:2024-03-01', { label: 'start' })[0]?.message).toBe(
      'Start must be after 2024-03-01.',
    );
  });
  it('treat an unreadable argument as a misconfigured rule', () => {
    expect(keys('2024-01-01', 'before:someday')).toEqual(['default']);
  });
});

describe('after and before now', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('compare with the current time when no date is given', () => {
    expect(keys('2026-06-16', 'after')).toEqual([]);
    expect(keys('2026-06-14', 'after')).toEqual(['after_now']);
    expect(keys('2026-06-14', 'before')).toEqual([]);
    expect(keys('2026-06-16', 'before')).toEqual(['before_now']);
  });
});

describe('date', () => {
  it('accepts any parseable date without a format', () => {
    expect(keys('2024-02-29', 'date')).toEqual([]);
    expect(keys('2024-02-29T10:00:00Z', 'date')).toEqual([]);
    expect(keys(new Date(), 'date')).toEqual([]);
  });
  it('rejects text that is no date', () => {
    expect(keys('not a date', 'date')).toEqual(['date']);
    expect(keys(new Date('nope'), 'date')).toEqual(['date']);
    expect(keys('', 'date')).toEqual(['date']);
  });
  it('with a format hint, requires that format and a real day', () => {
    expect(keys('2024-02-29', 'date:YYYY-MM-DD')).toEqual([]);
    expect(keys('29/02/2024', 'date:DD/MM/YYYY')).toEqual([]);
    expect(keys('1/2/24', 'date:D/M/YY')).toEqual([]);
    expect(keys('2023-02-29', 'date:YYYY-MM-DD')).toEqual(['date_format']); // not a leap year
    expect(keys('2024-13-01', 'date:YYYY-MM-DD')).toEqual(['date_format']);
    expect(keys('2024-04-31', 'date:YYYY-MM-DD')).toEqual(['date_format']);
    expect(keys('2024/02/01', 'date:YYYY-MM-DD')).toEqual(['date_format']);
    expect(keys('02/01/2024', 'date:YYYY-MM-DD')).toEqual(['date_format']);
  });
  it('shows the format hint in the message', () => {
    expect(validate('01-02-2024', 'date:YYYY-MM-DD', { label: 'birth date' })[0]?.message).toBe(
      'Birth date is not a valid date, please use the format YYYY-MM-DD.',
    );
  });
});
