import { describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '../i18n.ts';

describe('counts in each language', () => {
  it('Portuguese says "0 pessoas", "1 pessoa", "2 pessoas" and "1.000.000 de pessoas"', async () => {
    await i18nReady;
    await i18n.changeLanguage('pt');
    const t = i18n.getFixedT('pt');
    const persons = (count: number) => t('management.retention.persons', { count });
    expect([0, 1, 2, 1_000_000].map(persons)).toEqual(['0 pessoas', '1 pessoa', '2 pessoas', '1.000.000 de pessoas']);
  });

  it('Spanish and English keep their own rules', () => {
    expect(i18n.getFixedT('es')('management.retention.persons', { count: 0 })).toBe('0 personas');
    expect(i18n.getFixedT('en')('management.retention.persons', { count: 1 })).toBe('1 person');
  });
});
