import type { CatalogueCountry } from '@centinela/shared';
import { creditLedger, overBudget } from './credits.ts';
import { DEMO_OWNER_CODES, FORMER_LEFT_DAYS, ownerRows, userRows, type OwnerKey } from './owners-users.ts';
import { formLinkRows, pipelineRows } from './pipelines.ts';
import { makeProfiles, toPrecandidate, type SeededProfile } from './profiles.ts';
import { makeReports, type ProfileReports } from './reports.ts';
import { createRng } from '../lib/rng.ts';
import {
  DAY,
  addMs,
  type AuditRow,
  type FormLinkRow,
  type LedgerRow,
  type OwnerRow,
  type PipelineRow,
  type ProfileRow,
  type ReferenceCheckRow,
  type ReferenceRow,
  type ReportRow,
  type UserRow,
} from './types.ts';

export type DemoData = {
  owners: OwnerRow[];
  users: UserRow[];
  pipelines: PipelineRow[];
  formLinks: FormLinkRow[];
  profiles: ProfileRow[];
  reports: ReportRow[];
  referenceChecks: ReferenceCheckRow[];
  references: ReferenceRow[];
  ledger: LedgerRow[];
  audit: AuditRow[];
};

/** Where each demo owner hires: acme across the region (Colombia and Mexico first), pyme in Colombia only. */
const COUNTRY_WEIGHTS: Record<OwnerKey, Partial<Record<CatalogueCountry, number>>> = {
  acme: { co: 30, mx: 20, cl: 10, pe: 10, ar: 8, br: 8, ec: 6, cr: 4, pa: 4 },
  pyme: { co: 1 },
};

type Person = ProfileReports & { profile: SeededProfile; createdAt: Date; createdBy: string | null };

/** The whole demo data set as rows, with no database involved: the same `now` always gives the same rows. */
export function buildDemo(now: Date, passwordHash: string, counts: Record<OwnerKey, number>): DemoData {
  const rng = createRng('centinela-demo');
  const owners = ownerRows(now, rng);
  const users = userRows(now, rng, owners, passwordHash);
  const data: DemoData = {
    owners: Object.values(owners),
    users,
    pipelines: [],
    formLinks: [],
    profiles: [],
    reports: [],
    referenceChecks: [],
    references: [],
    ledger: [],
    audit: [],
  };

  for (const key of DEMO_OWNER_CODES) {
    // One stream per owner, so changing one tenant's data leaves the other's untouched.
    const ownerRng = createRng(`centinela-demo:${key}`);
    const owner = owners[key];
    const staff = users.filter((u) => u.ownerId === owner.id);
    const managerId = staff.find((u) => u.roles?.includes('manager'))?.id ?? null;
    const pipelines = pipelineRows(key, owner, managerId, ownerRng);
    const forms = formLinkRows(key, owner, pipelines, managerId, now, ownerRng);
    const ctx = { owner, users: staff, pipelines, forms, countries: COUNTRY_WEIGHTS[key] };

    const people: Person[] = makeProfiles(ctx, counts[key], now, ownerRng).map((profile) => ({
      profile,
      createdAt: profile.row.createdAt,
      createdBy: profile.row.createdBy ?? null,
      ...makeReports(profile, owner.name, now, ownerRng),
    }));
    if (owner.plan === 'free') {
      for (const held of overBudget(people, owner.creditsInitial ?? 0)) {
        toPrecandidate(held.profile.row, held.profile.person, ownerRng);
        Object.assign(held, { reports: [], checks: [], references: [], finding: undefined });
      }
      const ledger = creditLedger(owner, people, now);
      data.ledger.push(...ledger.rows);
      owner.creditsAvailable = ledger.balance;
      owner.creditsRefilledAt = ledger.rows.findLast((r) => r.kind === 'refill')?.createdAt ?? null;
    }
    for (const person of people) finishProfile(person, ownerRng);
    for (const form of forms) {
      form.submissions = people.filter(
        (p) => p.profile.row.createdAs === 'form' && p.profile.row.pipelineId === form.pipelineId,
      ).length;
    }

    data.pipelines.push(...pipelines);
    data.formLinks.push(...forms);
    data.profiles.push(
      ...people.map((p) => p.profile.row).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    );
    data.reports.push(...people.flatMap((p) => p.reports));
    data.referenceChecks.push(...people.flatMap((p) => p.checks));
    data.references.push(...people.flatMap((p) => p.references));
  }
  data.audit.push(...auditRows(data, owners, now));
  return data;
}

/** Review outcomes a person recorded on the profile, and its last change. */
function finishProfile(person: Person, rng: ReturnType<typeof createRng>) {
  const row = person.profile.row;
  row.updatedAt = new Date(Math.max(row.createdAt.getTime(), ...person.reports.map((r) => r.updatedAt.getTime())));
  if (row.status === 'FAILED' && person.finding) {
    row.crimeCategory = person.finding.crimeCategory ?? null;
    row.sentencingStatus = person.finding.sentencingStatus ?? null;
    if (rng.chance(0.5)) {
      row.manuallyReviewed = true;
      row.validationComment = 'Registro verificado contra el documento de identidad.';
    }
  }
  if (row.status === 'PASSED' && rng.chance(0.05)) {
    row.manuallyReviewed = true;
    row.confirmedHomonym = true;
    row.validationComment = 'Homónimo descartado: la fecha de nacimiento no coincide.';
  }
}

/**
 * The decisions behind the manually reviewed persons, as the review route records them: the analytics
 * page's reviewer workload has someone to show. The reviewer is one of the owner's managers or
 * analysts, chosen by the person's position (deterministic).
 */
function reviewRows(data: DemoData): AuditRow[] {
  return data.profiles
    .filter((p) => p.manuallyReviewed)
    .flatMap((p, i) => {
      const reviewers = data.users.filter(
        (u) =>
          u.ownerId === p.ownerId &&
          u.status !== 'inactive' &&
          u.roles?.some((r) => r === 'manager' || r === 'analyst'),
      );
      const reviewer = reviewers[i % Math.max(reviewers.length, 1)];
      if (!reviewer) return [];
      const changes = {
        manuallyReviewed: true,
        status: p.status,
        from: 'PENDING_MANUAL_REVIEW',
        ...(p.validationComment ? { validationComment: p.validationComment } : {}),
      };
      return [
        {
          ownerId: p.ownerId,
          actorUserId: reviewer.id,
          action: 'profile.review',
          entityType: 'profile',
          entityId: p.id,
          at: p.updatedAt,
          changes,
        },
      ];
    });
}

function auditRows(data: DemoData, owners: Record<OwnerKey, OwnerRow>, now: Date): AuditRow[] {
  const count = <T extends { ownerId?: string | null }>(rows: T[], ownerId: string) =>
    rows.filter((r) => r.ownerId === ownerId).length;
  const seeded: AuditRow[] = DEMO_OWNER_CODES.map((key) => {
    const id = owners[key].id;
    return {
      ownerId: id,
      action: 'seed',
      entityType: 'owner',
      entityId: id,
      at: now,
      changes: {
        users: count(data.users, id),
        pipelines: count(data.pipelines, id),
        profiles: count(data.profiles, id),
        reports: count(data.reports, id),
      },
    };
  });
  const former = data.users.find((u) => u.status === 'inactive');
  const manager = data.users.find((u) => u.ownerId === former?.ownerId && u.roles?.includes('manager'));
  return [
    {
      ownerId: null,
      action: 'seed',
      entityType: 'demo',
      entityId: null,
      at: now,
      changes: { owners: [...DEMO_OWNER_CODES] },
    },
    ...seeded,
    ...reviewRows(data),
    // Explains the inactive demo user in the owner's history.
    ...(former
      ? [
          {
            ownerId: former.ownerId,
            actorUserId: manager?.id ?? null,
            action: 'user.deactivate',
            entityType: 'user',
            entityId: former.id,
            at: addMs(now, -FORMER_LEFT_DAYS * DAY),
            changes: { status: { from: 'active', to: 'inactive' } },
          },
        ]
      : []),
  ];
}
