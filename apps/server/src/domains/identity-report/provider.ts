import { eq } from 'drizzle-orm';
import { identityVerdictResult, type IdentityPictureKind, type ReportType } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { identityPictures, owners } from '../../db/schema/index.ts';
import {
  type CheckResult,
  hashBands,
  type IdentityEngine,
  IdentityInputError,
  judge,
  normalizeDocumentNumber,
} from '../identity-check/index.ts';
import type { Inspection } from '../identity-check/index.ts';
import type { ProviderResult, ReportProvider, ReportSubject } from '../reports/provider.ts';
import { PermanentSourceError } from '../reports/provider.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { identityEngine } from './engine.ts';
import { currentPictures, engineKind, hasRequired, type PictureRow } from './pictures.ts';
import { reuseCheck } from './reuse.ts';

/** What the report keeps of a check (report.details.identity): no descriptor, no picture, only results. */
export type StoredIdentity = {
  verdict: 'PASSED' | 'FAILED' | 'PENDING_MANUAL_REVIEW';
  checks: CheckResult[];
  reasons: CheckResult[];
  readings: {
    source: 'pdf417' | 'qr' | 'mrz';
    document: string;
    country: string | null;
    documentNumber: string;
    surnames: string;
    givenNames: string;
    sex: 'M' | 'F' | 'X' | null;
    birthDate: string | null;
    expiryDate: string | null;
  }[];
  /** The first reading's number, normalised: the "not reused" lookup of later checks. */
  documentNumber: string | null;
  faceDistance: number | null;
  pictures: { id: string; kind: IdentityPictureKind; faces: number; problems: string[] }[];
  millis: number;
  review?: { decision: 'approved' | 'rejected'; reason: string; by: string | null; at: string };
};

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The identity document report's source: the person's stored pictures read by the engine on this
 * machine (never the browser's reading), the owner's other persons looked up for reuse, the owner's
 * minimum age, and the verdict through the one status function (identityVerdictResult).
 * An engine crash or time-out throws: the job retries it (the report was paid once, at enqueue).
 */
export class IdentityProvider implements ReportProvider {
  private readonly deps: { db: Db; storage: UploadStorage; engine: () => IdentityEngine };

  /** `engine`: the process's engine by default (tests hand in one that fails). */
  constructor(deps: { db: Db; storage: UploadStorage; engine?: () => IdentityEngine }) {
    this.deps = { engine: identityEngine, ...deps };
  }

  async run(type: ReportType, subject: ReportSubject): Promise<ProviderResult> {
    if (type !== 'identity_document') throw new PermanentSourceError(`not an identity report: ${type}`);
    const { db, storage } = this.deps;
    const rows = await currentPictures(db, subject.profileId);
    if (!hasRequired(rows)) throw new PermanentSourceError('identity pictures missing');
    const bytes = new Map<IdentityPictureKind, { row: PictureRow; body: Buffer }>();
    for (const row of rows) {
      const body = await storage.get(row.storageKey);
      if (!body) throw new PermanentSourceError(`identity picture ${row.id} is gone from storage`);
      bytes.set(row.kind, { row, body });
    }
    const [owner] = await db
      .select({ minimumAge: owners.identityMinimumAge })
      .from(owners)
      .where(eq(owners.id, subject.ownerId ?? ''));
    const engine = this.deps.engine();
    const started = performance.now();
    const inspect = async (kind: IdentityPictureKind) => {
      const picture = bytes.get(kind);
      if (!picture) return null;
      try {
        return await engine.inspect(picture.body, engineKind(kind), { alwaysReadMrz: kind !== 'selfie' });
      } catch (error) {
        // Stored pictures passed intake; one that no longer does (a changed engine limit) goes to a person.
        if (error instanceof IdentityInputError) return error;
        throw error;
      }
    };
    const [front, back, selfie, turned] = await Promise.all([
      inspect('document_front'),
      inspect('document_back'),
      inspect('selfie'),
      inspect('turned_selfie'),
    ]);
    const usable = (i: Inspection | IdentityInputError | null) => (i instanceof IdentityInputError ? null : i);
    const today = todayUtc();
    const person = {
      documentNumber: subject.documentId,
      fullName: subject.name,
      birthDate: subject.birthDate,
      country: subject.country,
    };
    let verdict: StoredIdentity['verdict'];
    let checks: CheckResult[];
    let reasons: CheckResult[];
    let readings: Inspection['readings'] = [];
    const f = usable(front);
    const s = usable(selfie);
    if (!f || !s) {
      const bad = [front, selfie].find((i) => i instanceof IdentityInputError);
      checks = [{ check: 'readable', outcome: 'review', reason: bad ? bad.code : 'not_run' }];
      reasons = checks;
      verdict = 'PENDING_MANUAL_REVIEW';
    } else {
      const inspections = { front: f, back: usable(back), selfie: s, turned: usable(turned) };
      const reuse = await reuseCheck(db, subject, inspections);
      const turnedRow = bytes.get('turned_selfie')?.row;
      const judged = judge(
        inspections,
        {
          person,
          minimumAge: owner?.minimumAge,
          reuse,
          turnedSelfie:
            inspections.turned && turnedRow?.turn
              ? { image: new Uint8Array(), asked: turnedRow.turn, mirrored: turnedRow.mirrored }
              : null,
        },
        engine.config,
        today,
      );
      ({ status: verdict, checks, reasons, readings } = judged);
      // Remember the hashes for later checks' "same picture for two persons".
      const hashed: [IdentityPictureKind, Inspection | null][] = [
        ['document_front', inspections.front],
        ['document_back', inspections.back],
        ['selfie', inspections.selfie],
        ['turned_selfie', inspections.turned],
      ];
      for (const [kind, inspection] of hashed) {
        const row = bytes.get(kind)?.row;
        if (row && inspection)
          await db
            .update(identityPictures)
            .set({ pictureHash: inspection.pictureHash, pictureBands: hashBands(inspection.pictureHash) })
            .where(eq(identityPictures.id, row.id));
      }
    }
    // A picture sent after its last failed try is for a person to judge, whatever the engine made of it.
    const forced = rows.filter((r) => r.acceptedAfterTries);
    if (forced.length > 0 && verdict !== 'PENDING_MANUAL_REVIEW') {
      const check: CheckResult = { check: 'readable', outcome: 'review', reason: 'accepted_after_tries' };
      reasons = [...(verdict === 'FAILED' ? reasons : []), check];
      verdict = 'PENDING_MANUAL_REVIEW';
    }
    const face = checks.find((c) => c.check === 'face');
    const identity: StoredIdentity = {
      verdict,
      checks,
      reasons,
      readings: readings.map((r) => ({
        source: r.source,
        document: r.document,
        country: r.country,
        documentNumber: r.documentNumber,
        surnames: r.surnames,
        givenNames: r.givenNames,
        sex: r.sex,
        birthDate: r.birthDate,
        expiryDate: r.expiryDate ?? null,
      })),
      documentNumber: readings[0] ? normalizeDocumentNumber(readings[0].documentNumber) : null,
      faceDistance: face?.score ?? null,
      pictures: [...bytes.values()].map(({ row }) => {
        const i = { document_front: front, document_back: back, selfie, turned_selfie: turned }[row.kind];
        return { id: row.id, kind: row.kind, faces: usable(i ?? null)?.faces.length ?? 0, problems: row.problems };
      }),
      millis: Math.round(performance.now() - started),
    };
    const { findings, needsReview } = identityVerdictResult(verdict, reasons, today);
    return { findings, needsReview, details: { identity: identity } };
  }
}
