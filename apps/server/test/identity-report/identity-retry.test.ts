import { eq } from 'drizzle-orm';
import { BIOMETRIC_CONSENT_VERSION } from '@centinela/shared';
import { creditLedger, owners, reports } from '../../src/db/schema/index.ts';
import { identityEngine } from '../../src/domains/identity-report/engine.ts';
import { IdentityProvider } from '../../src/domains/identity-report/provider.ts';
import { IdentityEngineError, type IdentityEngine } from '../../src/domains/identity-check/index.ts';
import { storageFor } from '../../src/domains/uploads/storage.ts';
import { createProfile, signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { face, mrzPicture, td3 } from '../identity-check/documents.ts';
import { workerWith } from '../reports/support.ts';
import { multipartFiles } from '../support/multipart.ts';

const passport = td3({
  country: 'COL',
  surname: 'GARCIA',
  given: 'MARIA JOSE',
  number: 'AB1234567',
  birth: '900215',
  sex: 'F',
  expiry: '320101',
});

describe('identity document report: a crash mid-check', () => {
  test('the engine’s worker dies on the first attempt: the report is retried and completes, paid once', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager'], { plan: 'free', creditsAvailable: 5 });
    const person = await createProfile(db, m.owner.id, { name: 'María José García', documentId: 'AB1234567' });
    const body = multipartFiles(
      { document_front: await mrzPicture(passport, { portrait: face('obama') }), selfie: face('obama2') },
      { consentVersion: BIOMETRIC_CONSENT_VERSION },
    );
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${person.id}/identity`,
      payload: body.payload,
      headers: { ...m.headers, ...body.headers },
    });
    expect(sent.statusCode, sent.body).toBe(202);

    let crashes = 0;
    const flaky = (): IdentityEngine => {
      const real = identityEngine();
      return {
        ...real,
        config: real.config,
        inspect: (image, kind, options) => {
          if (crashes === 0) {
            crashes++;
            return Promise.reject(new IdentityEngineError('worker_crashed', 'test'));
          }
          return real.inspect(image, kind, options);
        },
      };
    };
    const provider = new IdentityProvider({ db, storage: storageFor(app.config), engine: flaky });
    await workerWith(app, provider).drain();

    const [report] = await db.select().from(reports).where(eq(reports.profileId, person.id));
    expect(report).toMatchObject({ status: 'COMPLETED', attempts: 2, creditsCharged: 1 });
    expect(crashes).toBe(1);
    const [owner] = await db.select().from(owners).where(eq(owners.id, m.owner.id));
    expect(owner!.creditsAvailable).toBe(4);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.ownerId, m.owner.id));
    expect(ledger.filter((l) => l.amount < 0)).toHaveLength(1);
  }, 120_000);
});
