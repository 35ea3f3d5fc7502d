import { sql } from 'drizzle-orm';
import { identityPictures } from '../../src/db/schema/index.ts';
import { hashBands, hashDistance, SAME_PICTURE_BITS } from '../../src/domains/identity-check/index.ts';
import { pictureUsedElsewhere } from '../../src/domains/identity-report/reuse.ts';
import { createOwner, createProfile } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';

/** `hash` with the bits at `positions` (0 = the highest) flipped. */
const flip = (hash: string, positions: number[]) =>
  positions
    .reduce((h, p) => h ^ (1n << BigInt(63 - p)), BigInt(`0x${hash}`))
    .toString(16)
    .padStart(16, '0');

describe('the "same picture for two persons" lookup', () => {
  const hash = 'c3a5f00f12345678';

  test('two hashes within SAME_PICTURE_BITS always share a band, however their bits are spread', () => {
    // Six flips, one in each of six bands: two bands stay whole.
    const spread = flip(hash, [0, 9, 18, 27, 36, 45]);
    expect(hashDistance(hash, spread)).toBe(SAME_PICTURE_BITS);
    const shared = hashBands(hash).filter((b) => hashBands(spread).includes(b));
    expect(shared).toHaveLength(2);
  });

  test('finds a near picture of another person of the owner, through the bands index', async ({ db }) => {
    const owner = await createOwner(db);
    const other = await createOwner(db);
    const [person, someone, stranger] = [
      await createProfile(db, owner.id),
      await createProfile(db, owner.id),
      await createProfile(db, other.id),
    ];
    const store = (ownerId: string, profileId: string, pictureHash: string) =>
      db.insert(identityPictures).values({
        ownerId,
        profileId,
        kind: 'selfie',
        contentType: 'image/jpeg',
        size: 1,
        sha256: '0'.repeat(64),
        storageKey: `${ownerId}/identity/${pictureHash}`,
        consentVersion: '2026-11',
        consentedAt: new Date(),
        pictureHash,
        pictureBands: hashBands(pictureHash),
      });
    await store(owner.id, someone.id, flip(hash, [1, 10, 20])); // the same picture, re-encoded
    await store(other.id, stranger.id, hash); // another owner's: not theirs to see
    expect(await pictureUsedElsewhere(db, owner.id, person.id, [hash])).toBe(true);
    expect(await pictureUsedElsewhere(db, owner.id, person.id, ['0f0f0f0f0f0f0f0f'])).toBe(false);
    expect(await pictureUsedElsewhere(db, owner.id, someone.id, [hash])).toBe(false);
    // The same picture under the person's own file is no reuse; another owner's never counts.
    expect(await pictureUsedElsewhere(db, other.id, person.id, [flip(hash, [60])])).toBe(true);
    expect(await pictureUsedElsewhere(db, other.id, stranger.id, [hash])).toBe(false);

    // The bands' GIN index serves the overlap (at 400 rows the planner still prefers the owner's index for
    // the whole lookup; the overlap is then a filter on those rows, measured with nothing but SQL).
    const many = Array.from({ length: 400 }, (_, i) =>
      ((BigInt(i + 1) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn).toString(16).padStart(16, '0'),
    );
    for (const h of many) await store(owner.id, someone.id, h);
    await db.execute(sql`analyze identity_picture`);
    // A table this small is read whole anyway: the planner is told not to, to show which index it takes.
    await db.execute(sql`set enable_seqscan = off`);
    const plan = await db.execute(
      sql`explain select id from identity_picture where picture_bands && ${sql.raw(`'{${hashBands(hash).join(',')}}'::integer[]`)}`,
    );
    await db.execute(sql`reset enable_seqscan`);
    expect(JSON.stringify(plan)).toContain('identity_picture_bands_idx');
  });
});
