import type { CatalogueCountry } from '@centinela/shared';
import type { ReferenceSummary } from '../db/schema/index.ts';
import { makePerson, type Person } from './person.ts';
import type { Rng } from '../lib/rng.ts';
import { HOUR, MINUTE, addMs, type ReferenceCheckRow, type ReferenceRow, type ReportRow } from './types.ts';

/** How a Sol reference check ends up: finished, still running, or declined by the candidate. */
export type SolOutcome = 'clean' | 'pending' | 'info';

const COMPANIES = [
  'Logística Andina S.A.S.',
  'Distribuidora del Valle',
  'Grupo Comercial Orión',
  'Transportes del Norte',
  'Servicios Integrales Cóndor',
  'Almacenes La Economía',
];
// Worded to fit a candidate of either gender.
const POSITIONS = [
  'auxiliar de bodega',
  'analista contable',
  'agente de servicio al cliente',
  'auxiliar de caja',
  'representante de ventas',
  'asistente de logística',
];
const RELATIONSHIPS = {
  F: [
    'Jefa directa',
    'Supervisora de turno',
    'Gerente de tienda',
    'Coordinadora de operaciones',
    'Compañera de trabajo',
  ],
  M: ['Jefe directo', 'Supervisor de turno', 'Gerente de tienda', 'Coordinador de operaciones', 'Compañero de trabajo'],
};
const STRENGTHS = [
  'Puntualidad y compromiso con los turnos',
  'Muy buena atención al cliente',
  'Aprende rápido los procesos nuevos',
  'Manejo responsable de caja y valores',
];
const INTERPERSONAL = [
  'Trabaja bien en equipo y trata a todos con respeto',
  'Se comunica con claridad con clientes y compañeros',
  'Ayuda a los compañeros nuevos sin que se lo pidan',
];
const IMPROVEMENT = [
  'Delegar tareas cuando hay mucha carga',
  'La comunicación por escrito',
  'Organizar mejor el tiempo en temporada alta',
];
const LEAVING = ['Buscaba crecimiento profesional', 'Terminó el contrato por obra', 'Se mudó de ciudad con su familia'];

const monthYear = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
const between = (from: Date, to: Date, rng: Rng) =>
  new Date(from.getTime() + rng.next() * Math.max(0, to.getTime() - from.getTime()));

type Employment = { company: string; position: string; start: string; end: string };

function employment(now: Date, rng: Rng): Employment {
  const company = rng.pick(COMPANIES);
  const position = rng.pick(POSITIONS);
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - rng.int(1, 36), 1));
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - rng.int(10, 60), 1));
  return { company, position, start: monthYear(start), end: monthYear(end) };
}

function summary(job: Employment, rng: Rng): ReferenceSummary {
  return {
    evaluation: rng.pick(['Muy positiva', 'Positiva']),
    companyAndPosition: `${job.company}: ${job.position}`,
    employmentDates: `${job.start} – ${job.end}`,
    strengths: rng.pick(STRENGTHS),
    interpersonalSkills: rng.pick(INTERPERSONAL),
    improvementAreas: rng.pick(IMPROVEMENT),
    reasonForLeaving: rng.pick(LEAVING),
    rehire: rng.pick(['Sí, sin dudarlo', 'Sí, claro que sí', 'Sí, si hubiera una vacante']),
    overallTone: rng.pick(['Cordial y seguro', 'Entusiasta', 'Profesional y preciso']),
  };
}

function transcript(
  job: Employment,
  s: ReferenceSummary,
  ref: Person,
  relationship: string,
  candidate: Person,
  ownerName: string,
) {
  const who = ref.given.split(' ')[0];
  return [
    `Sol: Buenos días, ¿hablo con ${ref.name}? Le habla Sol; llamo de parte de ${ownerName} para verificar una referencia laboral.`,
    `${who}: Sí, soy yo.`,
    `Sol: ${candidate.name} nos indicó que usted fue su ${relationship.toLowerCase()} en ${job.company.replace(/\.$/, '')}. ¿Tiene unos minutos?`,
    `${who}: Claro que sí.`,
    'Sol: ¿Entre qué fechas trabajaron juntos y qué cargo tenía?',
    `${who}: Trabajó con nosotros de ${job.start} a ${job.end} como ${job.position}.`,
    'Sol: ¿Qué destacaría de su desempeño?',
    `${who}: ${s.strengths}. ${s.interpersonalSkills}.`,
    'Sol: ¿Hay algún aspecto en el que podría mejorar?',
    `${who}: ${s.improvementAreas}.`,
    `Sol: ¿Por qué terminó la relación laboral? ¿Volvería a contratar a ${candidate.given.split(' ')[0]}?`,
    `${who}: ${s.reasonForLeaving}. ${s.rehire}.`,
    'Sol: Muchas gracias por su tiempo. Que tenga un buen día.',
  ].join('\n');
}

export type SolInput = {
  country: CatalogueCountry;
  candidate: Person;
  phone: string;
  ownerName: string;
  report: ReportRow;
  outcome: SolOutcome;
  now: Date;
};

/** The reference check behind one Sol report, its references, and the report's details. */
export function solCheck(input: SolInput, rng: Rng) {
  const { report, outcome, now } = input;
  const created = report.createdAt;
  const contacted = addMs(created, rng.int(1, 10) * MINUTE);
  const finished = report.completedAt ?? now;
  const check: ReferenceCheckRow = {
    id: rng.uuid(),
    ownerId: report.ownerId,
    profileId: report.profileId,
    reportId: report.id,
    candidatePhone: input.phone,
    candidateContactedAt: contacted,
    deadlineAt: addMs(created, 48 * HOUR),
    status: outcome === 'clean' ? 'completed' : outcome === 'info' ? 'declined' : 'contacting',
    completedAt: outcome === 'clean' ? finished : null,
    declinedAt: outcome === 'info' ? finished : null,
    createdAt: created,
    updatedAt: finished,
  };
  const references: ReferenceRow[] = [];
  // A candidate still being contacted has named nobody yet; one who declined never will.
  const named = outcome === 'clean' || (outcome === 'pending' && now.getTime() - created.getTime() > 6 * HOUR);
  if (named) {
    if (outcome === 'pending') check.status = 'calling';
    const count = rng.chance(0.7) ? 2 : 3;
    for (let i = 0; i < count; i++) {
      const ref = makePerson(input.country, rng, now);
      const relationship = rng.pick(RELATIONSHIPS[ref.sex]);
      const whatsapp = between(contacted, addMs(contacted, 6 * HOUR), rng);
      // When running, the first reference has answered and the others are still being called.
      const done = outcome === 'clean' ? !(i === 2 && rng.chance(0.4)) : i === 0;
      const unreachable = outcome === 'clean' && !done;
      const job = employment(now, rng);
      const s = summary(job, rng);
      references.push({
        ownerId: report.ownerId,
        referenceCheckId: check.id,
        name: ref.name,
        phone: ref.phone,
        relationship,
        status: done ? 'completed' : unreachable ? 'unreachable' : 'calling',
        callAttempts: done ? rng.int(1, 2) : unreachable ? 3 : 1,
        callDurationSeconds: done ? rng.int(180, 540) : null,
        whatsappContactedAt: whatsapp,
        calledAt: between(whatsapp, finished, rng),
        summary: done ? s : null,
        transcript: done ? transcript(job, s, ref, relationship, input.candidate, input.ownerName) : null,
        createdAt: whatsapp,
        updatedAt: finished,
      });
    }
  }
  const completed = references.filter((r) => r.status === 'completed').length;
  const base = { source: 'sandbox', authority: 'Sol', checkedAt: finished.toISOString(), referenceCheckId: check.id };
  const details =
    outcome === 'clean'
      ? {
          ...base,
          referencesCompleted: completed,
          referencesTotal: references.length,
          evaluation: 'positive',
          records: [],
        }
      : outcome === 'info'
        ? {
            ...base,
            finding: 'informational',
            records: [
              { kind: 'references_declined', description: 'El candidato no autorizó el contacto con sus referencias.' },
            ],
          }
        : null;
  return { check, references, details };
}
