import { CONSENT_VERSION } from '@centinela/shared';
import type { Db } from '../../src/db/client.ts';
import type { Config } from '../../src/lib/config.ts';
import { formLinks } from '../../src/db/schema/index.ts';
import { storeUpload } from '../../src/domains/uploads/service.ts';
import { storageFor } from '../../src/domains/uploads/storage.ts';
import { newLinkCode } from '../../src/lib/random-code.ts';
import { createProfile } from '../factories.ts';
import { createPipeline } from './profiles-fixtures.ts';

/** A live, multi-use form link of `ownerId` for a new Colombian pipeline. */
export async function createFormLink(db: Db, ownerId: string) {
  const pipeline = await createPipeline(db, ownerId);
  const [row] = await db
    .insert(formLinks)
    .values({
      ownerId,
      code: newLinkCode(),
      country: 'co',
      pipelineId: pipeline.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return row!;
}

/** A file stored (object and row) on a new person of `ownerId`, through the upload service itself. */
export async function createUploadRow(world: { db: Db; app: { config: Config } }, ownerId: string) {
  const profile = await createProfile(world.db, ownerId);
  const body = Buffer.from('nombre,telefono\nAna,+573001234567\n');
  return storeUpload(
    { db: world.db, storage: storageFor(world.app.config) },
    { ownerId, profileId: profile.id, formLinkId: null, createdBy: null, ip: null, fileName: 'referencias.csv', body },
  );
}

/** What Lucía Pérez, a Colombian candidate, answers on a form link in Spanish; `extra` adds or overrides. */
export const candidateAnswers = (extra: Record<string, unknown> = {}) => ({
  name: 'Lucía Pérez',
  documentType: 'national_id',
  documentId: '1020304050',
  phone: '+57 300 123 4567',
  email: 'lucia@example.test',
  consent: true,
  consentVersion: CONSENT_VERSION,
  locale: 'es',
  ...extra,
});
