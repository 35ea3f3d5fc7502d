import { eq } from 'drizzle-orm';
import { identityPictures } from '../../src/db/schema/index.ts';
import { expireUnsubmittedPictures } from '../../src/domains/identity-report/expiry.ts';
import { storageFor } from '../../src/domains/uploads/storage.ts';
import { createOwner, createProfile } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';

describe('identity pictures nobody submitted', () => {
  test('go with their file after a day; a person’s pictures and fresh ones stay', async ({ app, db }) => {
    const owner = await createOwner(db);
    const person = await createProfile(db, owner.id);
    const storage = storageFor(app.config);
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    const picture = async (name: string, profileId: string | null, createdAt: Date) => {
      const storageKey = `${owner.id}/identity/${name}`;
      await storage.put(storageKey, Buffer.from(name), 'image/jpeg');
      const [row] = await db
        .insert(identityPictures)
        .values({
          ownerId: owner.id,
          profileId,
          kind: 'selfie',
          contentType: 'image/jpeg',
          size: name.length,
          sha256: '0'.repeat(64),
          storageKey,
          consentVersion: '2026-11',
          consentedAt: createdAt,
          createdAt,
        })
        .returning();
      return row!;
    };
    const stale = await picture('stale', null, dayAgo);
    const fresh = await picture('fresh', null, new Date());
    const kept = await picture('kept', person.id, dayAgo);

    expect(await expireUnsubmittedPictures(db, storage)).toBe(1);
    expect(await storage.get(stale.storageKey)).toBeNull();
    expect(await db.select().from(identityPictures).where(eq(identityPictures.id, stale.id))).toHaveLength(0);
    for (const row of [fresh, kept]) {
      expect(await storage.get(row.storageKey)).not.toBeNull();
      expect(await db.select().from(identityPictures).where(eq(identityPictures.id, row.id))).toHaveLength(1);
    }
  });
});
