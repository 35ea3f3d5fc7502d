import {
  reportStatusFromFindings,
  type Finding,
  type TWatchlistMatch,
  type WatchlistAlertKind,
} from '@centinela/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports, watchlistAlerts, watchlistMonitorRuns, watchlistVersions } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/index.ts';
import { recordAudit } from '../audit/record.ts';
import { lockProfile, refreshProfileStatus } from '../reports/profile-status.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import type { WatchlistEntry } from './entry.ts';
import { findingOf, keepMatches, scoreCandidate } from './match.ts';
import { withRuling } from './rulings.ts';
import { DEFAULT_REVIEW_THRESHOLD } from './screen.ts';

export type MonitorRun = typeof watchlistMonitorRuns.$inferSelect;
type Version = typeof watchlistVersions.$inferSelect;
type DeltaEntry = { id: string; entry_id: string; data: WatchlistEntry };
type Hit = {
  row_id: string;
  profile_id: string;
  owner_id: string;
  sorted_key: string;
  birth_date: string | null;
  matched_name: string;
  trigram: number;
  document: string | null;
  /** The person's country and document type, for a document hit (its issuer must be compatible). */
  country: string | null;
  document_type: string | null;
};

/** What a step found, published after its commit. */
export type Raised = {
  alertId: string;
  ownerId: string;
  profileId: string;
  reportId: string | null;
  kind: WatchlistAlertKind;
  reportStatus?: string;
  profile?: { status: string; changed: boolean };
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The entry's row this version closed (a changed entry's previous contents), as `p`. */
const previousRow = sql`select 1 from watchlist_entry p where p.source_id = e.source_id and p.entry_id = e.entry_id and p.removed_in = e.added_in`;

/**
 * The monitored persons a batch of new or changed entries may be: by name (each entry name's sorted key
 * against the enrolments' trigram index) and by document number (the enrolments' document index). A
 * changed entry counts only by a name or document it did not carry before: one it had already matched
 * the person then. One statement for the whole batch, however many names.
 */
async function hitsFor(tx: Db, entries: DeltaEntry[]): Promise<Hit[]> {
  const ids = `{${entries.map((e) => e.id).join(',')}}`;
  return rowsOf<Hit>(
    await tx.execute(sql`
      select n.entry_row_id as row_id, en.profile_id, en.owner_id, en.sorted_key, en.birth_date, n.name as matched_name,
             similarity(en.sorted_key, n.sorted_key) as trigram, null::text as document, null::text as country, null::text as document_type
      from watchlist_name n
      join watchlist_entry e on e.id = n.entry_row_id and e.kind = 'individual'
      join watchlist_enrolment en on en.sorted_key % n.sorted_key
      where n.entry_row_id = any(${ids}::uuid[])
        and not exists (${previousRow} and exists (select 1 from watchlist_name pn where pn.entry_row_id = p.id and pn.sorted_key = n.sorted_key))
      union all
      select d.entry_row_id, en.profile_id, en.owner_id, en.sorted_key, en.birth_date, e.name, 0::real, d.number, p.country::text, p.document_type::text
      from watchlist_document d
      join watchlist_entry e on e.id = d.entry_row_id
      join watchlist_enrolment en on en.document_number = d.number
      join profile p on p.id = en.profile_id
      where d.entry_row_id = any(${ids}::uuid[])
        and not exists (${previousRow} and exists (select 1 from watchlist_document pd where pd.entry_row_id = p.id and pd.number = d.number))`),
  );
}

/** The owners' thresholds, and every entry each person's reviewers ruled out, for the persons hit. */
async function judgementsFor(tx: Db, hits: Hit[]) {
  const owners = `{${[...new Set(hits.map((h) => h.owner_id))].join(',')}}`;
  const persons = `{${[...new Set(hits.map((h) => h.profile_id))].join(',')}}`;
  const [thresholds, dismissed] = await Promise.all([
    tx.execute(sql`select owner_id, review_threshold from watchlist_setting where owner_id = any(${owners}::uuid[])`),
    tx.execute(
      sql`select profile_id, source_id, entry_id from watchlist_dismissal where profile_id = any(${persons}::uuid[]) and verdict = 'homonym'`,
    ),
  ]);
  return {
    threshold: new Map(
      rowsOf<{ owner_id: string; review_threshold: number }>(thresholds).map((r) => [
        r.owner_id,
        Number(r.review_threshold),
      ]),
    ),
    dismissed: new Set(
      rowsOf<{ profile_id: string; source_id: string; entry_id: string }>(dismissed).map(
        (r) => `${r.profile_id}:${r.source_id}:${r.entry_id}`,
      ),
    ),
  };
}

/**
 * Records one alert and, when the person has a watch-lists report, adds the finding to it (its record
 * names the version that found it) and re-derives the report's and the person's status. Idempotent: the
 * same (person, version, entry, kind) is one alert, so a step re-run after a crash adds nothing.
 */
async function raise(
  tx: Db,
  version: Version,
  kind: WatchlistAlertKind,
  ownerId: string,
  profileId: string,
  finding: Finding,
  match: TWatchlistMatch,
): Promise<Raised | null> {
  const [alert] = await tx
    .insert(watchlistAlerts)
    .values({
      ownerId,
      profileId,
      sourceId: version.sourceId,
      entryId: match.entryId,
      versionId: version.id,
      kind,
      finding: finding as unknown as Record<string, unknown>,
    })
    .onConflictDoNothing()
    .returning({ id: watchlistAlerts.id });
  if (!alert) return null;
  const locked = await lockProfile(tx, profileId);
  if (!locked) return null;
  const [report] = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.profileId, profileId), eq(reports.type, 'watchlists')));
  let reportStatus: string | undefined;
  let profile: Raised['profile'];
  if (report && report.status !== 'PENDING' && report.status !== 'INCOMPLETE') {
    const sameEntry = (f: Finding) =>
      f.kind === 'watchlist_entry' && f.record.source === match.source && f.record.entryId === match.entryId;
    const findings =
      kind === 'match'
        ? // A ruling on the entry (confirmed, acknowledged) stays with it when a new version finds it again.
          [
            ...report.findings.filter((f) => !sameEntry(f)),
            withRuling(finding, report.findings.find(sameEntry)?.ruling),
          ]
        : report.findings.map((f) =>
            sameEntry(f) ? { ...f, record: { ...f.record, delistedOn: match.delistedOn } } : f,
          );
    const status = reportStatusFromFindings(findings, locked.confirmedHomonym);
    await tx.update(reports).set({ findings, status, completedAt: new Date() }).where(eq(reports.id, report.id));
    await tx.update(watchlistAlerts).set({ reportId: report.id }).where(eq(watchlistAlerts.id, alert.id));
    reportStatus = status;
    const change = await refreshProfileStatus(tx, profileId, locked);
    profile = change ? { status: change.status, changed: change.changed } : undefined;
  }
  if (kind === 'match') {
    await emitWebhookEvent(tx, {
      ownerId,
      type: 'watchlist.match',
      data: {
        alertId: alert.id,
        profileId,
        reportId: report?.id ?? null,
        source: match.source,
        entryId: match.entryId,
        matchedBy: match.matchedBy,
        score: match.score,
        versionSeq: version.seq,
      },
    });
  }
  // The audit trail names the entry and the version, never the person's data.
  await recordAudit(tx, {
    ownerId,
    actorUserId: null,
    action: kind === 'match' ? 'watchlist.alert' : 'watchlist.delisted',
    entityType: 'profile',
    entityId: profileId,
    changes: {
      source: match.source,
      entryId: match.entryId,
      versionSeq: version.seq,
      matchedBy: match.matchedBy,
      score: match.score,
    },
  });
  return { alertId: alert.id, ownerId, profileId, reportId: report?.id ?? null, kind, reportStatus, profile };
}

/** Screens one batch of the delta's new and changed entries against the monitored persons. */
async function matchBatch(tx: Db, version: Version, entries: DeltaEntry[]): Promise<Raised[]> {
  const hits = await hitsFor(tx, entries);
  if (hits.length === 0) return [];
  const { threshold, dismissed } = await judgementsFor(tx, hits);
  const byRow = new Map(entries.map((e) => [e.id, e]));
  const byPerson = new Map<string, { ownerId: string; matches: TWatchlistMatch[] }>();
  for (const hit of hits) {
    const entry = byRow.get(hit.row_id)!;
    // The enrolment keeps the person's sorted key, whose words are the name's words.
    const who = {
      name: hit.sorted_key,
      birthDate: hit.birth_date,
      country: hit.country,
      documentType: hit.document_type,
      orderless: true,
    };
    const match = scoreCandidate(who, {
      entry: entry.data,
      versionSeq: version.seq,
      matchedName: hit.matched_name,
      trigram: Number(hit.trigram),
      document: hit.document,
    });
    if (dismissed.has(`${hit.profile_id}:${match.source}:${match.entryId}`)) continue;
    const person = byPerson.get(hit.profile_id) ?? { ownerId: hit.owner_id, matches: [] };
    person.matches.push(match);
    byPerson.set(hit.profile_id, person);
  }
  const raised: Raised[] = [];
  // Persons in id order: the profile locks of two steps never wait on each other in a circle.
  for (const [profileId, person] of [...byPerson].sort(([a], [b]) => a.localeCompare(b))) {
    for (const match of keepMatches(person.matches, threshold.get(person.ownerId) ?? DEFAULT_REVIEW_THRESHOLD)) {
      const entry = entries.find((e) => e.data.source === match.source && e.entry_id === match.entryId)!;
      const done = await raise(tx, version, 'match', person.ownerId, profileId, findingOf(match, entry.data), match);
      if (done) raised.push(done);
    }
  }
  return raised;
}

/** Entries this version dropped (no open row left with their id) that a person's report holds as a finding. */
async function delistings(tx: Db, version: Version): Promise<Raised[]> {
  const gone = rowsOf<{ entry_id: string; data: WatchlistEntry }>(
    await tx.execute(sql`
      select e.entry_id, e.data from watchlist_entry e
      where e.source_id = ${version.sourceId} and e.removed_in = ${version.seq}
        and not exists (select 1 from watchlist_entry o where o.source_id = e.source_id and o.entry_id = e.entry_id and o.removed_in is null)`),
  );
  const raised: Raised[] = [];
  const delistedOn = version.loadedAt.toISOString().slice(0, 10);
  for (const entry of gone) {
    // An entry ruled a homonym stays on the report as a record only: its leaving the list concerns nobody.
    const pattern = JSON.stringify([
      { kind: 'watchlist_entry', record: { source: version.sourceId, entryId: entry.entry_id } },
    ]);
    const holders = rowsOf<{ profile_id: string; owner_id: string; finding: Finding }>(
      await tx.execute(sql`
        select r.profile_id, r.owner_id, f as finding from report r, jsonb_array_elements(r.findings) f
        where r.type = 'watchlists' and r.findings @> ${pattern}::jsonb
          and f->>'kind' = 'watchlist_entry' and f->'record'->>'source' = ${version.sourceId} and f->'record'->>'entryId' = ${entry.entry_id}
          and coalesce(f->'ruling'->>'verdict', '') <> 'homonym'`),
    );
    for (const h of holders) {
      const match = { ...(h.finding.record as TWatchlistMatch), delistedOn };
      const done = await raise(
        tx,
        version,
        'delisted',
        h.owner_id,
        h.profile_id,
        { ...h.finding, record: match },
        match,
      );
      if (done) raised.push(done);
    }
  }
  return raised;
}

/**
 * One step of a monitoring run: the next batch of the version's new and changed entries, its alerts and
 * the run's resume point in one transaction (a crash loses nothing and repeats nothing); after the last
 * batch, the delistings, and the run is done. Returns what was raised and whether the run is finished.
 */
export async function monitorStep(
  db: Db,
  run: MonitorRun,
  opts: { batchSize: number; runnerId: string; leaseMs: number },
): Promise<{ raised: Raised[]; done: boolean } | null> {
  return db.transaction(async (tx) => {
    // The lease still ours, or another runner has taken the run over: then this step writes nothing.
    const [held] = await tx
      .select()
      .from(watchlistMonitorRuns)
      .where(
        and(
          eq(watchlistMonitorRuns.id, run.id),
          eq(watchlistMonitorRuns.lockedBy, opts.runnerId),
          eq(watchlistMonitorRuns.status, 'queued'),
        ),
      )
      .for('update');
    if (!held) return null;
    const [version] = await tx.select().from(watchlistVersions).where(eq(watchlistVersions.id, held.versionId));
    const entries = rowsOf<DeltaEntry>(
      await tx.execute(sql`
        select id, entry_id, data from watchlist_entry
        where source_id = ${version!.sourceId} and added_in = ${version!.seq} ${held.cursor ? sql`and id > ${held.cursor}` : sql``}
        order by id limit ${opts.batchSize}`),
    );
    if (entries.length > 0) {
      const raised = await matchBatch(tx, version!, entries);
      await tx
        .update(watchlistMonitorRuns)
        .set({
          cursor: entries.at(-1)!.id,
          alerts: sql`${watchlistMonitorRuns.alerts} + ${raised.length}`,
          lockedUntil: sql`now() + ${opts.leaseMs}::double precision * interval '1 millisecond'`,
        })
        .where(eq(watchlistMonitorRuns.id, run.id));
      return { raised, done: false };
    }
    const raised = await delistings(tx, version!);
    await tx
      .update(watchlistMonitorRuns)
      .set({
        status: 'done',
        finishedAt: new Date(),
        alerts: sql`${watchlistMonitorRuns.alerts} + ${raised.length}`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(eq(watchlistMonitorRuns.id, run.id));
    return { raised, done: true };
  });
}

/** After commit: the owner's screens hear of each alert, the report and the person they changed. */
export function publishRaised(events: EventBus, raised: readonly Raised[]): void {
  for (const r of raised) {
    events.publish('watchlist.alert', r.ownerId, { alertId: r.alertId, profileId: r.profileId, kind: r.kind });
    if (r.reportId && r.reportStatus)
      events.publish('report.updated', r.ownerId, {
        profileId: r.profileId,
        reportId: r.reportId,
        status: r.reportStatus as never,
      });
    if (r.profile?.changed)
      events.publish('profile.updated', r.ownerId, { profileId: r.profileId, status: r.profile.status as never });
  }
}
