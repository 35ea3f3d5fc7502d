import { describe, expect, it } from 'vitest';
import i18n from '../i18n.ts';
import { DATES_SETTINGS, dayjs } from '../dates.ts';
import { countryName, formatDate, formatList, formatNumber } from '../format.ts';

describe('locale formatting', () => {
  it('formats dates and numbers per locale', () => {
    const date = new Date(Date.UTC(2026, 2, 5, 12));
    expect(formatDate(date, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('March 5, 2026');
    expect(formatDate(date, 'es', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 de marzo de 2026');
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'es')).toBe('1.234.567,5');
    expect(formatDate(date, 'pt', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 de março de 2026');
    expect(formatDate(date, 'pt', { dateStyle: 'short', timeZone: 'UTC' })).toBe('05/03/2026');
    expect(formatNumber(1234567.5, 'pt')).toBe('1.234.567,5');
  });

  it('names countries and lists in each language', () => {
    expect(countryName('mx', 'es')).toBe('México');
    expect(countryName('br', 'en')).toBe('Brazil');
    expect(countryName('xx', 'en')).toBeNull();
    expect(formatList(['Mexico', 'Colombia'], 'en')).toBe('Mexico and Colombia');
    expect(formatList(['México', 'Colombia'], 'es')).toBe('México y Colombia');
    expect(countryName('co', 'pt')).toBe('Colômbia');
    expect(formatList(['México', 'Colômbia'], 'pt')).toBe('México e Colômbia');
  });

  it('starts the Spanish week on Monday, the English and the Brazilian ones on Sunday', () => {
    const thursday = '2026-03-05';
    expect(dayjs(thursday).locale('es').startOf('week').format('YYYY-MM-DD')).toBe('2026-03-02');
    expect(dayjs(thursday).locale('en').startOf('week').format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(dayjs(thursday).locale(DATES_SETTINGS.pt.locale).startOf('week').format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(DATES_SETTINGS.es.firstDayOfWeek).toBe(1);
    expect(DATES_SETTINGS.en.firstDayOfWeek).toBe(0);
    expect(DATES_SETTINGS.pt.firstDayOfWeek).toBe(0);
  });

  it('uses the language plural rules for counts', () => {
    const t = (count: number, lng: string) => i18n.getFixedT(lng)('home.countries', { count });
    expect(t(1, 'en')).toBe('You work in 1 country');
    expect(t(2, 'en')).toBe('You work in 2 countries');
    expect(t(1, 'es')).toBe('Trabaja en 1 país');
    expect(t(1000000, 'es')).toBe('Trabaja en 1.000.000 de países');
    expect(t(1, 'pt')).toBe('Você trabalha em 1 país');
    expect(t(2, 'pt')).toBe('Você trabalha em 2 países');
    expect(t(1000000, 'pt')).toBe('Você trabalha em 1.000.000 de países');
  });
});
