import { reportDefinition, type CatalogueCountry, type Finding, type ReportType } from '@centinela/shared';
import type { Rng } from '../../../lib/rng.ts';
import { DAY, addMs } from '../../../lib/time.ts';

/**
 * What a source "found", written the way the source itself writes it (Portuguese in Brazil,
 * Spanish elsewhere): this is data shown as received, not interface text. The demo seed and the
 * sandbox provider both answer with these, so seeded and freshly run reports look alike.
 */
type Raw = { record: Record<string, unknown>; crimeCategory?: string; sentencingStatus?: string };

function toFinding(
  raw: Raw,
  type: ReportType,
  country: CatalogueCountry,
  matchedBy: Finding['matchedBy'],
  severity: Finding['severity'],
): Finding {
  const r = raw.record;
  const text = (key: string) => (typeof r[key] === 'string' ? (r[key] as string) : undefined);
  return {
    kind: text('kind') ?? 'record',
    matchedBy,
    severity,
    summary: text('description') ?? text('title') ?? '',
    source: text('outlet') ?? reportDefinition(country, type)?.authority ?? 'Sandbox',
    date: text('date') ?? null,
    ...(raw.crimeCategory !== undefined && { crimeCategory: raw.crimeCategory }),
    ...(raw.sentencingStatus !== undefined && { sentencingStatus: raw.sentencingStatus }),
    record: r,
  };
}

type Crime = { category: string; description: string; sentencing: string };
const CRIMES_ES: readonly Crime[] = [
  { category: 'Contra el patrimonio', description: 'Hurto calificado y agravado', sentencing: 'Condena ejecutoriada' },
  {
    category: 'Estupefacientes',
    description: 'Tráfico, fabricación o porte de estupefacientes',
    sentencing: 'Condena ejecutoriada',
  },
  {
    category: 'Contra la integridad personal',
    description: 'Lesiones personales dolosas',
    sentencing: 'Condena con suspensión condicional de la pena',
  },
  { category: 'Contra el patrimonio', description: 'Estafa', sentencing: 'Sentencia condenatoria en firme' },
  {
    category: 'Contra la seguridad pública',
    description: 'Porte ilegal de armas de fuego',
    sentencing: 'Condena ejecutoriada',
  },
];
const CRIMES_PT: readonly Crime[] = [
  { category: 'Contra o patrimônio', description: 'Furto qualificado', sentencing: 'Condenação transitada em julgado' },
  {
    category: 'Drogas',
    description: 'Tráfico ilícito de entorpecentes',
    sentencing: 'Condenação transitada em julgado',
  },
  { category: 'Contra a pessoa', description: 'Lesão corporal', sentencing: 'Pena suspensa' },
  { category: 'Contra o patrimônio', description: 'Estelionato', sentencing: 'Condenação transitada em julgado' },
];
const SANCTIONS = [
  'Inhabilidad general por 10 años',
  'Destitución e inhabilidad general por 12 años',
  'Suspensión en el ejercicio del cargo por 6 meses',
];
const NEWS_ES = [
  'Reconocen a trabajadores destacados del sector logístico en {city}',
  'Feria de empleo en {city} reunió a más de 40 empresas',
  'Vecinos de {city} organizan jornada de limpieza en el parque central',
];
const NEWS_PT = [
  'Feira de empregos em {city} reúne mais de 40 empresas',
  'Moradores de {city} organizam mutirão de limpeza',
];

const pt = (country: CatalogueCountry) => country === 'br';
const pastDate = (now: Date, rng: Rng, minYears: number, maxYears: number) =>
  addMs(now, -rng.int(minYears * 365, maxYears * 365) * DAY)
    .toISOString()
    .slice(0, 10);
const court = (country: CatalogueCountry, city: string, rng: Rng) =>
  pt(country)
    ? `${rng.int(1, 12)}ª Vara Criminal de ${city}`
    : `Juzgado ${rng.int(1, 12)} Penal del Circuito de ${city}`;
/** Case numbers carry the year the case was filed. */
const caseNumber = (date: string, rng: Rng) => `${rng.digits(5)}-${date.slice(0, 4)}`;

function crime(country: CatalogueCountry, city: string, now: Date, rng: Rng): Raw {
  const c = rng.pick(pt(country) ? CRIMES_PT : CRIMES_ES);
  const date = pastDate(now, rng, 2, 15);
  return {
    record: {
      kind: 'criminal_record',
      description: c.description,
      category: c.category,
      sentencingStatus: c.sentencing,
      court: court(country, city, rng),
      caseNumber: caseNumber(date, rng),
      date,
    },
    crimeCategory: c.category,
    sentencingStatus: c.sentencing,
  };
}

/** An adverse finding matched on the document id: the profile FAILS on it. */
export function adverseFinding(
  type: ReportType,
  country: CatalogueCountry,
  city: string,
  now: Date,
  rng: Rng,
): Finding {
  return toFinding(adverseRaw(type, country, city, now, rng), type, country, 'id', 'adverse');
}

function adverseRaw(type: ReportType, country: CatalogueCountry, city: string, now: Date, rng: Rng): Raw {
  switch (type) {
    case 'procuradoria_sanctions':
      return {
        record: {
          kind: 'disciplinary_sanction',
          description: rng.pick(SANCTIONS),
          entity: `Alcaldía de ${city}`,
          date: pastDate(now, rng, 1, 8),
        },
      };
    case 'arrest_warrants': {
      const { record, ...rest } = crime(country, city, now, rng);
      const description = pt(country) ? 'Mandado de prisão em aberto' : 'Orden de captura vigente';
      return { record: { ...record, kind: 'arrest_warrant', description, crime: record.description }, ...rest };
    }
    case 'process_search':
    case 'justice_report':
    case 'judicial_records': {
      const { record, ...rest } = crime(country, city, now, rng);
      const status = pt(country) ? 'Em andamento' : 'En curso';
      return {
        record: { ...record, kind: 'judicial_process', role: 'defendant', sentencingStatus: status },
        ...rest,
        sentencingStatus: status,
      };
    }
    default:
      return crime(country, city, now, rng);
  }
}

/** Something worth knowing that is not adverse: a press mention (found by name), a civil case as plaintiff. */
export function informationalFinding(
  type: ReportType,
  country: CatalogueCountry,
  city: string,
  now: Date,
  rng: Rng,
): Finding {
  if (type === 'news_search') {
    const title = rng.pick(pt(country) ? NEWS_PT : NEWS_ES).replace('{city}', city);
    const raw = {
      record: { kind: 'news_mention', title, outlet: `Diario de ${city}`, date: pastDate(now, rng, 0, 4) },
    };
    return toFinding(raw, type, country, 'name', 'info');
  }
  const date = pastDate(now, rng, 1, 6);
  const raw = {
    record: {
      kind: 'judicial_process',
      role: 'plaintiff',
      matter: pt(country) ? 'Trabalhista' : 'Laboral',
      description: pt(country)
        ? 'Reclamação trabalhista contra antigo empregador'
        : 'Demanda por liquidación de prestaciones sociales',
      caseNumber: caseNumber(date, rng),
      status: pt(country) ? 'Arquivado' : 'Archivado',
      date,
    },
  };
  return toFinding(raw, type, country, 'id', 'info');
}

/** A record that matches the name only: a person must decide whether it is this candidate (a homonym). */
export function possibleMatch(type: ReportType, country: CatalogueCountry, city: string, now: Date, rng: Rng): Finding {
  const { record } = crime(country, city, now, rng);
  const raw = {
    record: {
      ...record,
      matchedOn: ['name'],
      confidence: Number((0.55 + rng.next() * 0.3).toFixed(2)),
      note: pt(country)
        ? 'Coincidência apenas pelo nome; o documento não confere.'
        : 'Coincidencia solo por nombre; el documento no coincide.',
    },
  };
  // Category and sentencing stay in the record: they are someone else's until a person confirms the match.
  return toFinding(raw, type, country, 'name', 'adverse');
}
