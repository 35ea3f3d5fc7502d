import { eq } from 'drizzle-orm';
import { watchlistEnrolments } from '../../src/db/schema/index.ts';
import { createProfile, signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';

describe('watch lists: a monitored person edited', () => {
  test('is compared by their new name, document and birth date', async ({ app, db }) => {
    const a = await signedIn(app, ['manager']);
    const person = await createProfile(db, a.owner.id, { name: 'Ana Gómez', documentId: '1020304050' });
    const enrolled = await app.inject({
      method: 'POST',
      url: '/api/v1/watchlists/enrolments',
      headers: a.headers,
      payload: { profileIds: [person.id] },
    });
    expect(enrolled.json()).toEqual({ enrolled: 1 });
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/profiles/${person.id}/person`,
      headers: a.headers,
      payload: { name: 'Ana María Gómez Pérez', documentId: '1098765432', birthDate: '1990-05-04' },
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await db.select().from(watchlistEnrolments).where(eq(watchlistEnrolments.profileId, person.id));
    expect(row).toMatchObject({
      sortedKey: 'ana gomez maria perez',
      documentNumber: '1098765432',
      birthDate: '1990-05-04',
      via: 'person',
    });
  });
});
