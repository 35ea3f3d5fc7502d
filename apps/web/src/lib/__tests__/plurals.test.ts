import { describe, expect, it } from 'vitest';
import i18n from '../i18n.ts';

/**
 * Every count-bearing sentence goes through i18next's plural rules: "1 persons deleted." and
 * "¿Eliminar 1 personas…?" were the symptoms. Each fixed key, in each language, at one and at many.
 */
type Case = {
  key: string;
  params?: Record<string, unknown>;
  one: Record<string, string>;
  many: Record<string, string>;
};

const CASES: Case[] = [
  {
    key: 'profiles.delete.done',
    one: { en: '1 person deleted.', es: '1 persona eliminada.' },
    many: { en: '1,200 persons deleted.', es: '1200 personas eliminadas.' },
  },
  {
    key: 'profiles.delete.body',
    one: {
      en: 'Delete 1 person and their reports? This cannot be undone.',
      es: '¿Eliminar 1 persona y sus informes? No se puede deshacer.',
    },
    many: {
      en: 'Delete 1,200 persons and their reports? This cannot be undone.',
      es: '¿Eliminar 1200 personas y sus informes? No se puede deshacer.',
    },
  },
  {
    key: 'profiles.selection.count',
    one: { en: '1 selected', es: '1 seleccionada' },
    many: { en: '1,200 selected', es: '1200 seleccionadas' },
  },
  {
    key: 'profiles.selection.allMatching',
    one: { en: 'The 1 matching person is selected', es: 'Seleccionada la 1 persona que coincide' },
    many: { en: 'All 1,200 matching persons selected', es: 'Seleccionadas las 1200 personas que coinciden' },
  },
  {
    key: 'profiles.selection.selectAll',
    one: { en: 'Select the 1 matching person', es: 'Seleccionar la 1 persona que coincide' },
    many: { en: 'Select all 1,200 matching', es: 'Seleccionar las 1200 que coinciden' },
  },
  {
    key: 'csvImport.credits.short',
    params: { available: '0' },
    one: {
      en: 'This batch needs 1 credit and 0 are available. Upload fewer rows or choose fewer reports, or upgrade your plan.',
      es: 'Este lote necesita 1 crédito y hay 0 disponibles. Cargue menos filas o elija menos informes, o mejore su plan.',
    },
    many: {
      en: 'This batch needs 1,200 credits and 0 are available. Upload fewer rows or choose fewer reports, or upgrade your plan.',
      es: 'Este lote necesita 1200 créditos y hay 0 disponibles. Cargue menos filas o elija menos informes, o mejore su plan.',
    },
  },
  {
    key: 'sol.fraud.kinds.phone_reused_across_candidates',
    params: { phone: '+57 300' },
    one: {
      en: 'The phone +57 300 is a reference of 1 other candidate.',
      es: 'El teléfono +57 300 es referencia de 1 candidato más.',
    },
    many: {
      en: 'The phone +57 300 is a reference of 1,200 other candidates.',
      es: 'El teléfono +57 300 es referencia de 1200 candidatos más.',
    },
  },
  {
    key: 'liveProgress.reports',
    params: { done: '0' },
    one: { en: '0 of 1 report finished', es: '0 de 1 informe terminado' },
    many: { en: '0 of 1,200 reports finished', es: '0 de 1200 informes terminados' },
  },
  {
    key: 'watchlists.staleFinding',
    params: { list: 'OFAC' },
    one: {
      en: 'OFAC: list data older than 1 day',
      es: 'OFAC: datos de la lista con más de 1 día de antigüedad',
    },
    many: {
      en: 'OFAC: list data older than 1,200 days',
      es: 'OFAC: datos de la lista con más de 1200 días de antigüedad',
    },
  },
  {
    key: 'watchlists.fields.age',
    params: { max: '7' },
    one: { en: '1 day old, 7 allowed', es: '1 día de antigüedad, se permiten 7' },
    many: { en: '1,200 days old, 7 allowed', es: '1200 días de antigüedad, se permiten 7' },
  },
  {
    key: 'watchlists.monitoring.version',
    params: { seq: 4 },
    one: { en: 'Version 4 · 1 entry', es: 'Versión 4 · 1 entrada' },
    many: { en: 'Version 4 · 1,200 entries', es: 'Versión 4 · 1200 entradas' },
  },
  {
    key: 'watchlists.upload.loaded',
    params: { seq: 2, added: '1', removed: '0', changed: '0' },
    one: {
      en: 'Version 2 loaded: 1 entry, 1 added, 0 removed, 0 changed.',
      es: 'Versión 2 cargada: 1 entrada, 1 agregadas, 0 retiradas, 0 modificadas.',
    },
    many: {
      en: 'Version 2 loaded: 1,200 entries, 1 added, 0 removed, 0 changed.',
      es: 'Versión 2 cargada: 1200 entradas, 1 agregadas, 0 retiradas, 0 modificadas.',
    },
  },
  {
    key: 'csvImport.upload.limit',
    one: { en: 'Up to 1 row per file', es: 'Hasta 1 fila por archivo' },
    many: { en: 'Up to 1,200 rows per file', es: 'Hasta 1200 filas por archivo' },
  },
];

describe('count-bearing sentences use the plural rules', () => {
  for (const { key, params, one, many } of CASES) {
    for (const language of Object.keys(one)) {
      it(`${key} in ${language}`, () => {
        const t = i18n.getFixedT(language) as unknown as (key: string, options: Record<string, unknown>) => string;
        expect(t(key, { ...params, count: 1 })).toBe(one[language]);
        expect(t(key, { ...params, count: 1200 })).toBe(many[language]);
      });
    }
  }
});
