import { describe, expect, test } from 'vitest';
import { scrubEvent, scrubText } from './scrub.ts';

describe('scrubbing personal data from error reports', () => {
  test('emails, phones, document numbers and credentials are replaced; the rest of the text stays', () => {
    expect(scrubText('duplicate key (ana.gomez@example.co) for 1020304050 at +57 300 123 4567')).toBe(
      'duplicate key ([email]) for [number] at [number]',
    );
    expect(scrubText('Authorization: Bearer abc.def.ghi')).toBe('Authorization: [credential]');
    expect(scrubText('report 42 failed after 3 attempts')).toBe('report 42 failed after 3 attempts');
  });

  test('events: headers, bodies and user fields are dropped, nested strings scrubbed, the input untouched', () => {
    const event = {
      message: 'could not create ana@example.com',
      request: {
        url: '/api/v1/profiles',
        headers: { Authorization: 'Bearer x', 'user-agent': 'ua' },
        data: '{"documentId":"1020304050"}',
      },
      user: { id: 'u1', email: 'ana@example.com', ip_address: '10.0.0.1' },
      exception: {
        values: [{ type: 'Error', value: 'phone +573001234567 invalid', stacktrace: { frames: [{ lineno: 10 }] } }],
      },
    };
    expect(scrubEvent(event)).toEqual({
      message: 'could not create [email]',
      request: { url: '/api/v1/profiles', headers: { 'user-agent': 'ua' } },
      user: { id: 'u1' },
      exception: {
        values: [{ type: 'Error', value: 'phone [number] invalid', stacktrace: { frames: [{ lineno: 10 }] } }],
      },
    });
    expect(event.user.email).toBe('ana@example.com');
  });
});
