import { z } from 'zod';

/** SPEC §7: the only file types an upload may be, decided by the file's content (not its name). */
export const UPLOAD_EXTENSIONS = ['csv', 'gif', 'jpg', 'jpeg', 'png', 'pdf', 'svg'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The content types the server stores, and the names' extensions each one may carry. */
export const UPLOAD_CONTENT_TYPES = {
  'text/csv': ['csv'],
  'image/gif': ['gif'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'application/pdf': ['pdf'],
  'image/svg+xml': ['svg'],
} as const satisfies Record<string, readonly UploadExtension[]>;
export type UploadContentType = keyof typeof UPLOAD_CONTENT_TYPES;
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** What an upload endpoint answers: the stored file (its name, the type its content showed, its size). */
export const ZUpload = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  profileId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TUpload = z.infer<typeof ZUpload>;

/** POST /api/v1/uploads (multipart: one `file`) — query names the person it belongs to. */
export const ZUploadQuery = z.strictObject({
  profileId: z.uuid().describe('The person the file is attached to'),
});
export type TUploadQuery = z.infer<typeof ZUploadQuery>;

export const ZUploadParams = z.strictObject({ id: z.uuid() });

/** GET /api/v1/uploads?profileId= */
export const ZListUploadsQuery = ZUploadQuery;
export const ZListUploadsResponse = z.object({ items: z.array(ZUpload) });
export type TListUploadsResponse = z.infer<typeof ZListUploadsResponse>;

/** Where the web app's upload helper posts, and what it may send (GET /api/config). Null: no uploader. */
export const ZUploadSettings = z.object({
  url: z.string(),
  maxBytes: z.number().int(),
  extensions: z.array(z.enum(UPLOAD_EXTENSIONS)),
});
export type TUploadSettings = z.infer<typeof ZUploadSettings>;
