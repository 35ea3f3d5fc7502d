import { afterAll, describe, expect, it } from 'vitest';
import { createIdentityEngine, judge } from '../../src/domains/identity-check/engine.ts';
import { IdentityEngineError, IdentityInputError } from '../../src/domains/identity-check/errors.ts';
import { createInspectionPool } from '../../src/domains/identity-check/pool.ts';
import { face, MARIA_PASSPORT_MRZ, mrzPicture, spoil } from './documents.ts';

const person = {
  documentNumber: 'AB1234567',
  fullName: 'María José García',
  birthDate: '1990-02-15',
  sex: 'F' as const,
  country: 'co',
};

describe('the engine through its worker pool', () => {
  const engine = createIdentityEngine({ maxThreads: 1 });
  afterAll(() => engine.close());

  it('a passport page and a selfie of the same person: PASSED, every check with its reason', async () => {
    const front = await mrzPicture(MARIA_PASSPORT_MRZ, { portrait: face('obama') });
    const result = await engine.verify({ front, selfie: face('obama2'), person, today: '2026-11-29' });
    expect(result.checks.map((c) => `${c.check}:${c.outcome}:${c.reason}`).join(' ')).not.toMatch(/:(failed|review):/);
    expect(result.checks.map((c) => `${c.check}:${c.outcome}`)).toEqual([
      'readable:passed',
      'valid:passed',
      'document_number:passed',
      'name:passed',
      'birth_date:passed',
      'sex:passed',
      'country:passed',
      'name_legible:passed',
      'age:passed',
      'face:passed',
    ]);
    expect(result.status).toBe('PASSED');
    expect(JSON.stringify(result)).not.toContain('descriptor');
  });

  it('someone else on the selfie: FAILED on the face; a changed digit: FAILED on the check digit', async () => {
    const front = await engine.inspect(
      await mrzPicture(MARIA_PASSPORT_MRZ, { portrait: face('obama') }),
      'document_front',
    );
    const other = await engine.inspect(face('biden2'), 'selfie');
    expect(judge({ front, selfie: other }, { person }, engine.config, '2026-11-29')).toMatchObject({
      status: 'FAILED',
      reasons: [{ check: 'face', reason: 'no_match' }],
    });
    const forged = await mrzPicture([MARIA_PASSPORT_MRZ[0]!, MARIA_PASSPORT_MRZ[1]!.replace('900215', '900216')]);
    const changed = judge(
      { front: await engine.inspect(forged, 'document_front'), selfie: other },
      { person },
      engine.config,
      '2026-11-29',
    );
    expect(changed.status).toBe('FAILED');
    expect(changed.reasons.map((r) => r.reason)).toContain('check_digit:birthDateCheckDigit');
  });

  it('quick checks say what to retake', async () => {
    expect(await engine.quickCheck(face('two_people'), 'selfie')).toMatchObject({
      ok: false,
      problems: ['several_faces'],
    });
    const blurredBack = await spoil(await mrzPicture(MARIA_PASSPORT_MRZ), { blur: 8 });
    expect(await engine.quickCheck(blurredBack, 'document_back')).toMatchObject({
      ok: false,
      problems: ['too_blurry', 'code_unreadable'],
    });
    expect(await engine.quickCheck(face('obama'), 'selfie')).toMatchObject({ ok: true, faces: 1 });
  });

  it('a PDF comes back from the worker as the typed input error', async () => {
    const error = await engine.quickCheck(Buffer.from('%PDF-1.4 nothing'), 'document_back').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityInputError);
    expect(error).toMatchObject({ code: 'unsupported_format', status: 415 });
  });
});

describe('a worker that dies or hangs', () => {
  const failing = new URL('./failing-worker.ts', import.meta.url);
  // Starting a worker takes a while on a busy machine: the crash pool's limit is far from it.
  const crashing = createInspectionPool({
    workerFile: failing,
    config: { taskTimeoutMs: 60_000, workerMaxOldGenerationMb: 64 },
  });
  const hanging = createInspectionPool({
    workerFile: failing,
    config: { taskTimeoutMs: 500, workerMaxOldGenerationMb: 64 },
  });
  afterAll(() => Promise.all([crashing.close(), hanging.close()]));
  const task = (kind: 'document_front' | 'selfie') => ({
    kind,
    image: new Uint8Array(1),
    config: {} as never,
    today: '2026-11-29',
  });

  it('a crash is a typed error and the process lives on', async () => {
    const error = await crashing.inspect(task('document_front')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityEngineError);
    expect(error).toMatchObject({ code: 'worker_crashed' });
  });

  it('a task past its time is a typed error', async () => {
    await expect(hanging.inspect(task('selfie'))).rejects.toMatchObject({ code: 'worker_timeout' });
  });

  it('a worker that dies before its first task is reported, and the process lives on', async () => {
    let report: (error: unknown) => void = () => undefined;
    const reported = new Promise<unknown>((resolve) => (report = resolve));
    const dying = createInspectionPool({
      workerFile: new URL('./dying-worker.ts', import.meta.url),
      config: { taskTimeoutMs: 60_000, workerMaxOldGenerationMb: 64 },
      onWorkerError: (error) => report(error),
    });
    const waiting = dying.inspect(task('selfie')).catch((e: unknown) => e);
    expect(await reported).toMatchObject({ message: 'this worker could not start' });
    // Closing the pool ends the task still waiting for a worker, with the engine's typed error.
    await dying.close();
    expect(await waiting).toBeInstanceOf(IdentityEngineError);
  });
});
