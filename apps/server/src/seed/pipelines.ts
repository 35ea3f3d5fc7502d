import { CATALOGUE_COUNTRIES, reportTypesFor, type CatalogueCountry, type ReportType } from '@centinela/shared';
import type { OwnerKey } from './owners-users.ts';
import type { Rng } from '../lib/rng.ts';
import { DAY, HOUR, addMs, type FormLinkRow, type OwnerRow, type PipelineRow } from './types.ts';

type PipelineSpec = { name: string; description: string; country: CatalogueCountry; types: readonly ReportType[] };

/**
 * The everyday check: every record source, without the press search and Sol, which cost more time than
 * they add, and without the identity document, which asks the candidate for pictures.
 */
const EVERYDAY_SKIPS: readonly ReportType[] = ['news_search', 'employment_references', 'identity_document'];
const standardTypes = (country: CatalogueCountry) => reportTypesFor(country).filter((t) => !EVERYDAY_SKIPS.includes(t));

const PIPELINES: Record<OwnerKey, readonly PipelineSpec[]> = {
  acme: [
    ...CATALOGUE_COUNTRIES.map((country) => ({
      name: `Estándar ${country.toUpperCase()}`,
      description: 'Antecedentes de rutina para personal operativo.',
      country,
      types: standardTypes(country),
    })),
    {
      name: 'Completo + Sol CO',
      description: 'Cargos de confianza: todas las fuentes y referencias laborales con Sol.',
      country: 'co',
      types: reportTypesFor('co'),
    },
    {
      name: 'Completo + Sol MX',
      description: 'Cargos de confianza: todas las fuentes y referencias laborales con Sol.',
      country: 'mx',
      types: reportTypesFor('mx'),
    },
    {
      name: 'Conductores CO',
      description: 'Conductores y escoltas.',
      country: 'co',
      types: ['criminal_records', 'police_record', 'arrest_warrants'],
    },
  ],
  // Free plan: few reports per person, so 50 monthly credits go a long way.
  pyme: [
    {
      name: 'Verificación básica',
      description: 'Antecedentes y sanciones disciplinarias.',
      country: 'co',
      types: ['criminal_records', 'procuradoria_sanctions'],
    },
    {
      name: 'Conductores',
      description: 'Para repartidores con moto.',
      country: 'co',
      types: ['criminal_records', 'police_record', 'procuradoria_sanctions'],
    },
  ],
};

export function pipelineRows(key: OwnerKey, owner: OwnerRow, createdBy: string | null, rng: Rng): PipelineRow[] {
  return PIPELINES[key].map((p) => {
    // Set up in the first days, before any seeded profile (the oldest is 90 days old).
    const createdAt = addMs(owner.createdAt!, 3 * DAY + rng.int(0, 23) * HOUR);
    return {
      id: rng.uuid(),
      ownerId: owner.id,
      name: p.name,
      description: p.description,
      country: p.country,
      reportTypes: [...p.types],
      createdBy,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

type FormSpec = { code: string; pipeline: string; expiresInDays: number | null; maxSubmissions: number | null };

/** Public candidate forms; acme's Mexican one has expired to show "The form is no longer valid". */
const FORMS: Record<OwnerKey, readonly FormSpec[]> = {
  acme: [
    { code: 'acme-co-2Xk9Qm', pipeline: 'Estándar CO', expiresInDays: 60, maxSubmissions: null },
    { code: 'acme-mx-7Rt4Wd', pipeline: 'Estándar MX', expiresInDays: -10, maxSubmissions: null },
  ],
  pyme: [{ code: 'pyme-co-5Hn8Lp', pipeline: 'Verificación básica', expiresInDays: null, maxSubmissions: 200 }],
};

export function formLinkRows(
  key: OwnerKey,
  owner: OwnerRow,
  pipelines: PipelineRow[],
  createdBy: string | null,
  now: Date,
  rng: Rng,
): FormLinkRow[] {
  return FORMS[key].map((f) => {
    const pipeline = pipelines.find((p) => p.name === f.pipeline);
    if (!pipeline) throw new Error(`form ${f.code}: no pipeline ${f.pipeline}`);
    const createdAt = addMs(owner.createdAt!, 4 * DAY);
    return {
      id: rng.uuid(),
      ownerId: pipeline.ownerId,
      code: f.code,
      country: pipeline.country,
      pipelineId: pipeline.id,
      createdBy,
      expiresAt: f.expiresInDays === null ? null : addMs(now, f.expiresInDays * DAY),
      maxSubmissions: f.maxSubmissions,
      createdAt,
      updatedAt: createdAt,
    };
  });
}
