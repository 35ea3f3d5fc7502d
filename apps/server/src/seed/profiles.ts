import {
  CATALOGUE_COUNTRIES,
  PROFILE_STATUSES,
  reportDefinition,
  reportTypesFor,
  type CatalogueCountry,
  type CreatedAs,
  type ProfileStatus,
  type ReportInput,
  type ReportType,
} from '@centinela/shared';
import { documentId, pickDocumentType, type SandboxSuffix } from './documents.ts';
import { issueDate, makePerson, type Person } from './person.ts';
import { FORMER_LEFT_DAYS } from './owners-users.ts';
import type { Rng } from '../lib/rng.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  addMs,
  type FormLinkRow,
  type OwnerRow,
  type PipelineRow,
  type ProfileRow,
  type UserRow,
} from './types.ts';

/** What the seed knows about one owner while it invents that owner's people. */
export type OwnerContext = {
  owner: OwnerRow;
  users: UserRow[];
  pipelines: PipelineRow[];
  forms: FormLinkRow[];
  countries: Partial<Record<CatalogueCountry, number>>;
};

/** A profile row plus what its reports need to stay consistent with it. */
export type SeededProfile = {
  row: ProfileRow;
  country: CatalogueCountry;
  person: Person;
  types: ReportType[];
  /** The sandbox ending its document id carries (DESIGN.md: 13 criminal record, 99 source failure). */
  suffix: SandboxSuffix | null;
  /** INCOMPLETE profiles lack exactly this input. */
  missing: ReportInput | null;
};

const STATUS_WEIGHTS: Record<ProfileStatus, number> = {
  PASSED: 38,
  PENDING: 10,
  FAILED: 9,
  ERROR: 6,
  INCOMPLETE: 6,
  INFO: 8,
  PENDING_MANUAL_REVIEW: 9,
  PRECANDIDATE: 14,
};
/** Outside form submissions, which need a live form link (see `pickForm`). */
const CREATED_AS_WEIGHTS = { dashboard: 50, api: 28, csv: 22 } as const;
const NULLABLE_INPUTS: readonly ReportInput[] = ['birthDate', 'issueDate', 'state', 'phone', 'email'];
const SOL: ReportType = 'employment_references';

export function makeProfiles(ctx: OwnerContext, count: number, now: Date, rng: Rng): SeededProfile[] {
  const countries = CATALOGUE_COUNTRIES.filter((c) => ctx.countries[c]);
  return Array.from({ length: count }, (_, i) => {
    // The first few cover every country and status, so even a small seed shows them all.
    const country = countries[i] ?? rng.weighted(ctx.countries as Record<CatalogueCountry, number>);
    const status = PROFILE_STATUSES[i] ?? rng.weighted(STATUS_WEIGHTS);
    return makeProfile(ctx, country, status, now, rng);
  });
}

function makeProfile(
  ctx: OwnerContext,
  country: CatalogueCountry,
  status: ProfileStatus,
  now: Date,
  rng: Rng,
): SeededProfile {
  // Pending work is recent; everything else spreads over the last 90 days.
  let createdAt =
    status === 'PENDING'
      ? addMs(now, -rng.int(10, 36 * 60) * MINUTE)
      : addMs(now, -rng.int(3 * 60, 90 * 24 * 60) * MINUTE);
  // An INCOMPLETE profile needs reports with an input it can lack (document and name are always there).
  const fits = (p: PipelineRow) => status !== 'INCOMPLETE' || nullableInputs(country, p.reportTypes ?? []).length > 0;
  const form = status === 'PRECANDIDATE' ? undefined : pickForm(ctx, country, createdAt, fits, rng);
  const createdAs: CreatedAs = form
    ? 'form'
    : status === 'PRECANDIDATE'
      ? rng.pick(['dashboard', 'api'] as const)
      : rng.weighted(CREATED_AS_WEIGHTS);
  const pipeline = form ? ctx.pipelines.find((p) => p.id === form.pipelineId) : pickPipeline(ctx, country, fits, rng);
  let types = pipeline?.reportTypes ?? advancedTypes(country, rng);

  const person = makePerson(country, rng, now);
  const documentType = pickDocumentType(country, rng);
  const want = status === 'FAILED' && rng.chance(0.5) ? '13' : status === 'ERROR' && rng.chance(0.5) ? '99' : null;
  const document = documentId(country, documentType, person, rng, want);

  let missing: ReportInput | null = null;
  if (status === 'INCOMPLETE') {
    // Hand-picked reports may need nothing optional: add Sol, which needs a phone.
    if (nullableInputs(country, types).length === 0) types = [...types, SOL];
    missing = rng.pick(nullableInputs(country, types));
  }
  // Sol takes up to 48 hours; a finished reference check needs a profile at least that old.
  if (types.includes(SOL) && status !== 'PENDING' && now.getTime() - createdAt.getTime() < 50 * HOUR) {
    createdAt = addMs(createdAt, -3 * DAY);
  }

  const has = (input: ReportInput) => input !== missing;
  const needs = (input: ReportInput) => types.some((t) => reportDefinition(country, t)?.inputs.includes(input));
  const row: ProfileRow = {
    id: rng.uuid(),
    ownerId: ctx.owner.id,
    country,
    documentType,
    documentId: document.id,
    name: person.name,
    // Optional contact details are sometimes left blank, unless a report needs them.
    email: has('email') && (needs('email') || rng.chance(0.85)) ? person.email : null,
    phone: has('phone') && (needs('phone') || rng.chance(0.9)) ? person.phone : null,
    birthDate: has('birthDate') ? person.birthDate : null,
    city: person.place.city,
    cityLocode: person.place.locode ?? null,
    state: has('state') ? person.place.state : null,
    status,
    createdBy: createdAs === 'dashboard' || createdAs === 'csv' ? pickCreator(ctx, createdAt, now, rng) : null,
    createdAs,
    pipelineId: pipeline?.id ?? null,
    inputs: country === 'co' && has('issueDate') ? { issueDate: issueDate(person, rng) } : {},
    visibleFrom: createdAt,
    createdAt,
    updatedAt: createdAt,
  };
  if (status === 'PRECANDIDATE') toPrecandidate(row, person, rng);
  return { row, country, person, types: [...types], suffix: document.suffix, missing };
}

/** A pre-candidate is an invitation: contact details (SPEC §5: email or phone), maybe a name, no document yet. */
export function toPrecandidate(row: ProfileRow, person: Person, rng: Rng) {
  const contact = rng.weighted({ email: 3, phone: 3, both: 4 });
  Object.assign(row, {
    status: 'PRECANDIDATE',
    name: rng.chance(0.5) ? row.name : '',
    documentId: '',
    email: contact === 'phone' ? null : person.email,
    phone: contact === 'email' ? null : person.phone,
    birthDate: null,
    city: null,
    cityLocode: null,
    state: null,
    inputs: {},
  } satisfies Partial<ProfileRow>);
}

type Fits = (pipeline: PipelineRow) => boolean;

function pickForm(
  ctx: OwnerContext,
  country: CatalogueCountry,
  at: Date,
  fits: Fits,
  rng: Rng,
): FormLinkRow | undefined {
  const live = ctx.forms.filter((f) => {
    const pipeline = ctx.pipelines.find((p) => p.id === f.pipelineId);
    return (
      f.country === country && f.createdAt! <= at && (!f.expiresAt || at < f.expiresAt) && pipeline && fits(pipeline)
    );
  });
  // Where a form is live, about one candidate in five fills it in themselves.
  return live.length > 0 && rng.chance(0.2) ? rng.pick(live) : undefined;
}

function pickPipeline(ctx: OwnerContext, country: CatalogueCountry, fits: Fits, rng: Rng): PipelineRow | undefined {
  const options = ctx.pipelines.filter((p) => p.country === country && fits(p));
  // Free-plan owners always use a pipeline; others sometimes pick reports by hand ("advanced" mode).
  if (options.length === 0 || (ctx.owner.plan !== 'free' && rng.chance(0.25))) return undefined;
  return rng.pick(options);
}

function advancedTypes(country: CatalogueCountry, rng: Rng): ReportType[] {
  const all = reportTypesFor(country).filter((t) => t !== SOL);
  const chosen = all.filter(() => rng.chance(0.6));
  return chosen.length >= 2 ? chosen : all.slice(0, 2);
}

/** The optional inputs (profile fields that may be empty) these reports need. */
function nullableInputs(country: CatalogueCountry, types: readonly ReportType[]): ReportInput[] {
  return NULLABLE_INPUTS.filter((i) => types.some((t) => reportDefinition(country, t)?.inputs.includes(i)));
}

function pickCreator(ctx: OwnerContext, at: Date, now: Date, rng: Rng): string | null {
  const formerLeft = addMs(now, -FORMER_LEFT_DAYS * DAY); // inactive users only created older profiles
  const writers = ctx.users.filter(
    (u) =>
      u.roles!.some((r) => r === 'manager' || r === 'analyst') &&
      u.createdAt! <= at &&
      (u.status !== 'inactive' || at < formerLeft),
  );
  return writers.length > 0 ? rng.pick(writers).id : null;
}
