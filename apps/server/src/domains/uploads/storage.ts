import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../lib/config.ts';

/** Where uploaded files live: a directory (default) or an S3-compatible bucket. Keys are ours (uuid-based). */
export interface UploadStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when the object is gone. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** `<DATA_DIR>/uploads` (UPLOAD_DIR overrides; an in-memory database uses the temp directory). */
export function uploadDir(config: Config): string {
  if (config.UPLOAD_DIR) return path.resolve(config.UPLOAD_DIR);
  if (config.DATA_DIR.startsWith('memory://')) return path.join(tmpdir(), 'centinela-uploads');
  return path.join(config.DATA_DIR, 'uploads');
}

const safeKey = (key: string) => {
  if (!/^[\w-]+(\/[\w.-]+)*$/.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
  return key;
};

export class LocalStorage implements UploadStorage {
  readonly kind = 'local' as const;
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = path.join(this.dir, safeKey(key));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.dir, safeKey(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(path.join(this.dir, safeKey(key)), { force: true });
  }
}

export class S3Storage implements UploadStorage {
  readonly kind = 's3' as const;
  readonly #client: AwsClient;
  readonly #base: string;

  constructor(opts: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  }) {
    this.#client = new AwsClient({
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      region: opts.region,
      service: 's3',
    });
    // Path-style addressing: works with AWS, MinIO, R2, Ceph and other S3-compatible stores.
    this.#base = `${opts.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(opts.bucket)}`;
  }

  #url(key: string) {
    return `${this.#base}/${safeKey(key)}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const response = await this.#client.fetch(this.#url(key), {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType },
    });
    if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const response = await this.#client.fetch(this.#url(key), { method: 'GET' });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`S3 GET ${key} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const response = await this.#client.fetch(this.#url(key), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} answered ${response.status}`);
  }
}

const stores = new WeakMap<Config, UploadStorage>();

/** The store the configuration names: S3 when UPLOAD_S3_BUCKET is set, else the upload directory. One per config. */
export function storageFor(config: Config): UploadStorage {
  let store = stores.get(config);
  if (!store) {
    store =
      config.UPLOAD_S3_BUCKET && config.UPLOAD_S3_ENDPOINT
        ? new S3Storage({
            endpoint: config.UPLOAD_S3_ENDPOINT,
            bucket: config.UPLOAD_S3_BUCKET,
            region: config.UPLOAD_S3_REGION,
            accessKeyId: config.UPLOAD_S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: config.UPLOAD_S3_SECRET_ACCESS_KEY ?? '',
          })
        : new LocalStorage(uploadDir(config));
    stores.set(config, store);
  }
  return store;
}
