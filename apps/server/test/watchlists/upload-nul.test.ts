import { ERROR_MESSAGES } from '@centinela/shared';
import { describe, expect, test } from '../helper.ts';
import { listHealth, staffSignedIn, uploadList } from './lists.ts';

/** Two OFAC rows and the end mark; the second row's name holds a NUL byte. */
const WITH_NUL = Buffer.from(
  [
    '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Havana, Cuba."',
    '173,"ANGLO-CARIBBEAN CO.\u0000, LTD.",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"London, UK."',
    '\x1a',
    '',
  ].join('\r\n'),
  'latin1',
);

describe('a NUL byte inside a list file’s field', () => {
  test('is refused with 422 in the caller’s language and recorded on the source’s health', async ({ app }) => {
    const staff = await staffSignedIn(app);
    const response = await uploadList(app, staff.headers, 'ofac-sdn', WITH_NUL, { locale: 'es' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      code: 'watchlist_file_format',
      message: ERROR_MESSAGES.watchlist_file_format.es,
      issues: [{ path: 'body', code: 'format', message: expect.stringMatching(/NUL character .*\(line 2\)/) }],
    });
    const health = await listHealth(app, staff.headers, 'ofac-sdn');
    expect(health.lastError).toEqual({ at: expect.any(String), code: 'format', message: expect.stringMatching(/NUL/) });
    expect(health.current).toBeNull();
  });
});
