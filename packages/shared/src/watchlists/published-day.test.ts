import { describe, expect, it } from 'vitest';
import { findingSummary } from '../reports/shown-finding.ts';
import { formatPublishedDay } from './published-day.ts';

describe('a day as a list published it, in the reader’s language', () => {
  it('reads OFAC’s English month names and writes the reader’s date', () => {
    expect(formatPublishedDay('01 Dec 1996', 'es')).toBe('01/12/1996');
    expect(formatPublishedDay('01 Dec 1996', 'pt')).toBe('01/12/1996');
    expect(formatPublishedDay('01 Dec 1996', 'en')).toBe('12/01/1996');
    expect(formatPublishedDay('1996-12-01', 'es')).toBe('01/12/1996');
  });

  it('keeps the precision it was written with, and says circa and ranges in the language', () => {
    expect(formatPublishedDay('Dec 1996', 'es')).toBe('diciembre de 1996');
    expect(formatPublishedDay('Dec 1996', 'pt')).toBe('dezembro de 1996');
    expect(formatPublishedDay('1996', 'pt')).toBe('1996');
    expect(formatPublishedDay('circa 1960', 'es')).toBe('hacia 1960');
    expect(formatPublishedDay('1962 to 1963', 'pt')).toBe('1962 a 1963');
  });

  it('shows a form it does not know as it came', () => {
    expect(formatPublishedDay('unknown', 'es')).toBe('unknown');
  });
});

describe('a note about the source, in the reader’s language', () => {
  const stale = {
    kind: 'list_data_stale',
    source: 'SAT 69-B',
    summary: 'SAT 69-B: list data older than 7 days',
    record: { source: 'sat-69b', maxAgeDays: 7 },
  };

  it('is translated, not the worker’s English', () => {
    expect(findingSummary(stale, 'es')).toBe('SAT 69-B: los datos de la lista tienen más de 7 días');
    expect(findingSummary(stale, 'pt')).toBe('SAT 69-B: os dados da lista têm mais de 7 dias');
    expect(findingSummary(stale, 'en')).toBe('SAT 69-B: list data older than 7 days');
  });

  it('leaves what a source published as it came', () => {
    expect(findingSummary({ kind: 'watchlist_entry', summary: 'JUAN PEREZ — SDNT' }, 'es')).toBe('JUAN PEREZ — SDNT');
  });
});
