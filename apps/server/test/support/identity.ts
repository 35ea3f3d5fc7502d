import { BIOMETRIC_CONSENT_VERSION } from '@centinela/shared';
import { createHash, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/db/client.ts';
import { identityPictures, profiles } from '../../src/db/schema/index.ts';
import { storageFor } from '../../src/domains/uploads/storage.ts';
import type { Config } from '../../src/lib/config.ts';

/** A stored selfie (object and row) of the newest person of `ownerId`: the person a route's `:id` just named. */
export async function createPictureOfNewestPerson(world: { db: Db; app: { config: Config } }, ownerId: string) {
  const [person] = await world.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.ownerId, ownerId))
    .orderBy(desc(profiles.createdAt))
    .limit(1);
  if (!person) throw new Error('createPictureOfNewestPerson: the owner has no person yet');
  const body = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c8a080' } })
    .png()
    .toBuffer();
  const id = randomUUID();
  const storageKey = `${ownerId}/identity/${id}`;
  await storageFor(world.app.config).put(storageKey, body, 'image/png');
  const [row] = await world.db
    .insert(identityPictures)
    .values({
      id,
      ownerId,
      profileId: person.id,
      kind: 'selfie',
      contentType: 'image/png',
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      storageKey,
      consentVersion: BIOMETRIC_CONSENT_VERSION,
      consentedAt: new Date(),
    })
    .returning();
  return row!;
}
