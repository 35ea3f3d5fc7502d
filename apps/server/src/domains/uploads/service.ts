import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { TUpload } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles, uploads } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../audit/record.ts';
import { ownedBy, type TenantScope } from '../../kernel/index.ts';
import { checkUpload, UploadTypeError } from './detect.ts';
import type { UploadStorage } from './storage.ts';

type UploadRow = typeof uploads.$inferSelect;

export const toUpload = (row: UploadRow): TUpload => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  profileId: row.profileId,
  createdAt: row.createdAt.toISOString(),
});

/** A refused file: 415 with the reason in `issues` (the type, a name that lies about it, a broken SVG). */
export class UploadRefused extends ApiError {
  readonly reason: UploadTypeError['reason'];

  constructor(reason: UploadTypeError['reason']) {
    super(415, 'upload_type_not_allowed');
    this.reason = reason;
  }
}

/**
 * Checks a file by its content, stores it (sanitised, for an SVG) and records it: for a person
 * (staff) or waiting on a form's submission (a candidate). The object is written before its row, so a
 * row always has its file; a failed insert removes the object.
 */
export async function storeUpload(
  { db, storage }: { db: Db; storage: UploadStorage },
  input: {
    ownerId: string;
    profileId: string | null;
    formLinkId: string | null;
    createdBy: string | null;
    ip: string | null;
    fileName: string;
    body: Buffer;
  },
): Promise<TUpload> {
  let checked;
  try {
    checked = await checkUpload(input.fileName, input.body);
  } catch (error) {
    if (error instanceof UploadTypeError) throw new UploadRefused(error.reason);
    throw error;
  }
  const id = randomUUID();
  const storageKey = `${input.ownerId}/${id}`;
  try {
    await storage.put(storageKey, checked.body, checked.contentType);
  } catch (error) {
    throw Object.assign(new ApiError(503, 'upload_unavailable'), { cause: error });
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({
          id,
          ownerId: input.ownerId,
          profileId: input.profileId,
          formLinkId: input.formLinkId,
          createdBy: input.createdBy,
          fileName: checked.fileName,
          contentType: checked.contentType,
          size: checked.body.length,
          sha256: createHash('sha256').update(checked.body).digest('hex'),
          storageKey,
        })
        .returning();
      await audit(
        tx,
        { userId: input.createdBy, ip: input.ip },
        {
          ownerId: input.ownerId,
          action: 'upload.create',
          entityType: 'upload',
          entityId: id,
          changes: {
            fileName: checked.fileName,
            contentType: checked.contentType,
            size: checked.body.length,
            profileId: input.profileId,
            formLinkId: input.formLinkId,
          },
        },
      );
      return toUpload(row!);
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** The person must be the caller's to attach a file to it (another owner's answers 404). */
export async function ownedProfile(
  db: Db,
  scope: TenantScope,
  profileId: string,
): Promise<{ id: string; ownerId: string }> {
  const [row] = await db
    .select({ id: profiles.id, ownerId: profiles.ownerId })
    .from(profiles)
    .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, profileId)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export async function listUploads(db: Db, scope: TenantScope, profileId: string): Promise<{ items: TUpload[] }> {
  await ownedProfile(db, scope, profileId);
  const rows = await db
    .select()
    .from(uploads)
    .where(and(ownedBy(scope, uploads.ownerId), eq(uploads.profileId, profileId)))
    .orderBy(desc(uploads.createdAt), desc(uploads.id));
  return { items: rows.map(toUpload) };
}

/** One stored file with its bytes; another owner's, or one still waiting on a form, answers 404. */
export async function readUpload(
  db: Db,
  storage: UploadStorage,
  scope: TenantScope,
  id: string,
): Promise<{ upload: TUpload; body: Buffer }> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(ownedBy(scope, uploads.ownerId), eq(uploads.id, id)));
  if (!row || !row.profileId) throw new ApiError(404, 'not_found');
  const body = await storage.get(row.storageKey);
  if (!body) throw new ApiError(404, 'not_found');
  return { upload: toUpload(row), body };
}
