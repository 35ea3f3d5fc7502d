import type { TEnrolmentsResponse, TMonitoringSummary, TWatchlistSettings } from '@centinela/shared';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pipelines, profiles, watchlistAlerts, watchlistEnrolments, watchlistSettings } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, requireOwner, type Actor, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { enrol, enrolmentKeys } from './enrol.ts';
import { currentLists } from './lists.ts';
import { DEFAULT_REVIEW_THRESHOLD } from './screen.ts';

export async function settingsOf(db: Db, ownerId: string): Promise<TWatchlistSettings> {
  const [row] = await db.select().from(watchlistSettings).where(eq(watchlistSettings.ownerId, ownerId));
  return { reviewThreshold: row?.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD, monitorAll: row?.monitorAll ?? false };
}

const PAGE = 1000;

/** Enrols every person of the owner who has not withdrawn consent, a thousand at a time (switching "monitor everyone" on). */
async function enrolEveryone(db: Db, ownerId: string, by: string | null): Promise<number> {
  let after: string | null = null;
  let total = 0;
  for (;;) {
    const page: { id: string; ownerId: string; name: string; documentId: string; birthDate: string | null }[] = await db
      .select({
        id: profiles.id,
        ownerId: profiles.ownerId,
        name: profiles.name,
        documentId: profiles.documentId,
        birthDate: profiles.birthDate,
      })
      .from(profiles)
      .where(
        and(
          eq(profiles.ownerId, ownerId),
          isNull(profiles.consentWithdrawnAt),
          after ? sql`${profiles.id} > ${after}` : undefined,
        ),
      )
      .orderBy(profiles.id)
      .limit(PAGE);
    if (page.length === 0) return total;
    total += await enrol(db, page.map(enrolmentKeys), 'owner', by);
    after = page.at(-1)!.id;
  }
}

/** Changes an owner's thresholds or "monitor everyone" (switching it on enrols every current person too). Audited. */
export async function updateSettings(
  db: Db,
  { scope, input, actor }: { scope: TenantScope; input: Partial<TWatchlistSettings>; actor: Actor },
): Promise<TWatchlistSettings> {
  const ownerId = requireOwner(scope);
  const before = await settingsOf(db, ownerId);
  const next = {
    ...before,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  } as TWatchlistSettings;
  await db
    .insert(watchlistSettings)
    .values({ ownerId, ...next })
    .onConflictDoUpdate({ target: watchlistSettings.ownerId, set: next });
  if (next.monitorAll && !before.monitorAll) await enrolEveryone(db, ownerId, actor.userId);
  await audit(db, actor, {
    ownerId,
    action: 'watchlist.settings',
    entityType: 'owner',
    entityId: ownerId,
    changes: { before, after: next },
  });
  return next;
}

export async function monitoringSummary(db: Db, scope: TenantScope, maxAgeDays: number): Promise<TMonitoringSummary> {
  const ownerId = requireOwner(scope);
  const [settings, enrolled, open, lists] = await Promise.all([
    settingsOf(db, ownerId),
    db.select({ n: count() }).from(watchlistEnrolments).where(eq(watchlistEnrolments.ownerId, ownerId)),
    db
      .select({ n: count() })
      .from(watchlistAlerts)
      .where(and(eq(watchlistAlerts.ownerId, ownerId), isNull(watchlistAlerts.reviewedAt))),
    currentLists(db, maxAgeDays),
  ]);
  return {
    settings,
    enrolled: enrolled[0]?.n ?? 0,
    openAlerts: open[0]?.n ?? 0,
    lists: lists.map((l) => ({
      source: l.source,
      seq: l.seq,
      publishedAt: l.publishedAt?.toISOString() ?? null,
      stale: l.stale,
      checkedAt: l.checkedAt?.toISOString() ?? null,
      entries: l.entries,
    })),
  };
}

/**
 * Enrols chosen persons, or a pipeline's persons, of the owner (404 for a person or pipeline outside it;
 * 409 `consent_withdrawn` for a chosen person who withdrew consent). Audited.
 */
export async function enrolPersons(
  db: Db,
  { scope, input, actor }: { scope: TenantScope; input: { profileIds?: string[]; pipelineId?: string }; actor: Actor },
): Promise<number> {
  const ownerId = requireOwner(scope);
  if (!input.profileIds === !input.pipelineId) throw new ApiError(400, 'validation_failed');
  if (input.pipelineId) {
    const [pipeline] = await db
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(and(eq(pipelines.id, input.pipelineId), eq(pipelines.ownerId, ownerId)));
    if (!pipeline) throw new ApiError(404, 'not_found');
  }
  const found = await db
    .select({
      id: profiles.id,
      ownerId: profiles.ownerId,
      name: profiles.name,
      documentId: profiles.documentId,
      birthDate: profiles.birthDate,
      consentWithdrawnAt: profiles.consentWithdrawnAt,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.ownerId, ownerId),
        input.profileIds ? inArray(profiles.id, input.profileIds) : eq(profiles.pipelineId, input.pipelineId!),
      ),
    );
  if (input.profileIds && found.length !== new Set(input.profileIds).size) throw new ApiError(404, 'not_found');
  // A person who withdrew consent is monitored again only after a new consent: chosen by name, refused;
  // among a pipeline's persons, left out.
  if (input.profileIds && found.some((p) => p.consentWithdrawnAt)) throw new ApiError(409, 'consent_withdrawn');
  const persons = found.filter((p) => !p.consentWithdrawnAt);
  const enrolled = await enrol(db, persons.map(enrolmentKeys), input.pipelineId ? 'pipeline' : 'person', actor.userId);
  await audit(db, actor, {
    ownerId,
    action: 'watchlist.enrol',
    entityType: 'owner',
    entityId: ownerId,
    changes: { persons: persons.length, pipelineId: input.pipelineId ?? null },
  });
  return enrolled;
}

export async function unenrolPersons(
  db: Db,
  { scope, profileIds, actor }: { scope: TenantScope; profileIds: string[]; actor: Actor },
): Promise<number> {
  const ownerId = requireOwner(scope);
  const removed = await db
    .delete(watchlistEnrolments)
    .where(and(eq(watchlistEnrolments.ownerId, ownerId), inArray(watchlistEnrolments.profileId, profileIds)))
    .returning({ id: watchlistEnrolments.profileId });
  await audit(db, actor, {
    ownerId,
    action: 'watchlist.unenrol',
    entityType: 'owner',
    entityId: ownerId,
    changes: { persons: removed.length },
  });
  return removed.length;
}

const cursorOf = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function parseCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new ApiError(400, 'validation_failed');
  return { at: date, id };
}

/** The owner's monitored persons, most recently enrolled first, a page at a time, with their open alerts. */
export async function listEnrolments(
  db: Db,
  scope: TenantScope,
  q: { cursor?: string; limit: number },
): Promise<TEnrolmentsResponse> {
  const after = q.cursor ? parseCursor(q.cursor) : null;
  const rows = await db
    .select({
      profileId: watchlistEnrolments.profileId,
      via: watchlistEnrolments.via,
      enrolledAt: watchlistEnrolments.enrolledAt,
      name: profiles.name,
      country: profiles.country,
      status: profiles.status,
      openAlerts: sql<number>`(select count(*)::int from ${watchlistAlerts} a where a.profile_id = ${watchlistEnrolments.profileId} and a.reviewed_at is null)`,
    })
    .from(watchlistEnrolments)
    .innerJoin(profiles, eq(profiles.id, watchlistEnrolments.profileId))
    .where(
      and(
        ownedBy(scope, watchlistEnrolments.ownerId),
        after
          ? or(
              lt(watchlistEnrolments.enrolledAt, after.at),
              and(eq(watchlistEnrolments.enrolledAt, after.at), lt(watchlistEnrolments.profileId, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(watchlistEnrolments.enrolledAt), desc(watchlistEnrolments.profileId))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    enrolments: page.map((r) => ({ ...r, enrolledAt: r.enrolledAt.toISOString() })),
    nextCursor: rows.length > q.limit && last ? cursorOf(last.enrolledAt, last.profileId) : null,
  };
}
