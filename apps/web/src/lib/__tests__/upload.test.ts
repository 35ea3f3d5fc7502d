import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import i18n from '../i18n.ts';
import { uploadFile } from '../upload.ts';

const file = () => new File(['nombre,telefono\nAna,+573001234567\n'], 'referencias.csv', { type: 'text/csv' });
const stored = {
  id: '7c1d6f4e-9a55-4c6b-8f0e-0d7c2b3a4e5f',
  fileName: 'referencias.csv',
  contentType: 'text/csv',
  size: 34,
  profileId: null,
  createdAt: '2026-11-22T06:00:00.000Z',
};

describe('the upload helper (SPEC §7)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('with no uploader configured it raises "No uploader has been defined", in Spanish too', async () => {
    const requests = stubApi({});
    await expect(uploadFile(file())).rejects.toThrow('No uploader has been defined');
    await i18n.changeLanguage('es');
    await expect(uploadFile(file())).rejects.toThrow('No se ha definido ningún cargador de archivos');
    expect(requests.every((r) => r.url.endsWith('/api/config'))).toBe(true);
  });

  it('posts the file as multipart/form-data to the configured URL', async () => {
    // jsdom's FormData cannot pass through undici's Request (the shared stub): this one keeps fetch's own arguments.
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      if (String(input).endsWith('/api/config')) {
        return json(200, {
          maintenance: false,
          auth: { strategy: 'local', oidc: null },
          uploads: { url: '/api/v1/uploads', maxBytes: 1024, extensions: ['csv'] },
        });
      }
      return json(201, stored);
    });
    await expect(uploadFile(file(), { query: { profileId: 'p1' } })).resolves.toEqual(stored);
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(post.url).toBe('/api/v1/uploads?profileId=p1');
    const body = post.init!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('referencias.csv');
    // The browser sets the multipart boundary itself: no JSON content type is forced.
    expect(new Headers(post.init!.headers).get('content-type')).toBeNull();
  });

  it('a refused file comes back as the API error', async () => {
    stubApi({
      'POST /api/v1/public/forms/abc/uploads': () =>
        json(415, { code: 'upload_type_not_allowed', message: 'This file type is not allowed.' }),
    });
    await expect(uploadFile(file(), { url: '/api/v1/public/forms/abc/uploads' })).rejects.toMatchObject({
      status: 415,
      code: 'upload_type_not_allowed',
    });
  });
});
