import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { faceBand, livenessCheck } from '../../src/domains/identity-check/checks.ts';
import { identityConfig } from '../../src/domains/identity-check/config.ts';
import { detectFaces, faceDistance, type Face, loadFaceModels } from '../../src/domains/identity-check/faces.ts';
import { intakeImage } from '../../src/domains/identity-check/intake.ts';
import { face } from './documents.ts';

const config = identityConfig();
const facesOf = async (picture: Buffer) =>
  (await detectFaces(await intakeImage(picture, config), config.faceMinConfidence)).faces;
const one: Record<string, Face> = {};

describe('faces (face-api on the wasm backend, models from the package)', () => {
  beforeAll(async () => {
    await loadFaceModels();
    for (const name of ['obama', 'obama2', 'biden2']) {
      const found = await facesOf(face(name));
      expect(found, name).toHaveLength(1);
      one[name] = found[0]!;
    }
  }, 60_000);

  it('the same person is closer than the review threshold; A and B are past the no-match threshold', () => {
    const same = faceDistance(one.obama!.descriptor, one.obama2!.descriptor);
    const other = faceDistance(one.obama!.descriptor, one.biden2!.descriptor);
    expect(one.obama!.descriptor).toHaveLength(128);
    expect(same).toBeLessThan(config.faceMatchBelow);
    expect(faceBand(same, config)).toBe('match');
    expect(other).toBeGreaterThanOrEqual(config.faceNoMatchFrom);
    expect(faceBand(other, config)).toBe('no_match');
  });

  it('finds both faces on two_people and none on a blank picture', async () => {
    expect(await facesOf(face('two_people'))).toHaveLength(2);
    const blank = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(await facesOf(blank)).toHaveLength(0);
  });

  it('a head turned in the picture moves the estimated yaw the way the challenge asked', async () => {
    // A mirror image of a face turned one way is the same face turned the other way.
    const mirrored = (await facesOf(await sharp(face('obama2')).flop().toBuffer()))[0]!;
    expect(Math.sign(mirrored.yaw)).toBe(-Math.sign(one.obama2!.yaw) || 0);
    const straight = [{ ...one.obama!, yaw: 0 }];
    const turnedLeft = [{ ...one.obama!, yaw: 25 }];
    expect(livenessCheck(straight, turnedLeft, 'left', config).outcome).toBe('passed');
    expect(livenessCheck(straight, turnedLeft, 'right', config)).toMatchObject({
      outcome: 'review',
      reason: 'turned_the_other_way',
    });
    expect(livenessCheck(straight, [one.biden2!], 'left', config)).toMatchObject({
      outcome: 'failed',
      reason: 'different_person',
    });
  });
});
