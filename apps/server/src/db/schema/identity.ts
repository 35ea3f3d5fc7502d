import { boolean, index, inet, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { HeadTurnSide, IdentityPictureKind } from '@centinela/shared';
import { id, timestamps, ts } from './columns.ts';
import { formLinks } from './forms.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';
import { users } from './users.ts';

/**
 * One picture of an identity check (document front/back, selfie, turned selfie), stored like an upload
 * (same storage, key `<owner>/identity/<id>`) but apart from the person's attachments: these are
 * biometric data, shown only to the reviewer. A form's pictures wait (profile null) until the candidate
 * submits; a person's go with the person (cascade, and their files with profiles/files.ts).
 * The face descriptors are never stored: only the picture and its difference hash.
 */
export const identityPictures = pgTable(
  'identity_picture',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    formLinkId: uuid('form_link_id').references(() => formLinks.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 32 }).$type<IdentityPictureKind>().notNull(),
    contentType: varchar('content_type', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    /** The quick check's problems when the picture was stored (empty: it passed). */
    problems: text('problems')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sent after the form's last try failed its quick check: the report goes to a person. */
    acceptedAfterTries: boolean('accepted_after_tries').notNull().default(false),
    /** The turned selfie: the side asked, and whether the camera preview was mirrored. */
    turn: varchar('turn', { length: 8 }).$type<HeadTurnSide>(),
    mirrored: boolean('mirrored').notNull().default(false),
    /** 64-bit difference hash (hex), set by the check: the "same picture for two persons" lookup. */
    pictureHash: varchar('picture_hash', { length: 16 }),
    /** The hash's eight bands (picture-hash.ts, hashBands), GIN-indexed: the lookup reads only near pictures. */
    pictureBands: integer('picture_bands').array(),
    /** The separate biometric consent: which text, when, from where (the candidate's, or staff's attestation). */
    consentVersion: varchar('consent_version', { length: 32 }).notNull(),
    consentedAt: ts('consented_at').notNull(),
    consentIp: inet('consent_ip'),
    ...timestamps(),
  },
  (t) => [
    index('identity_picture_profile_idx').on(t.profileId, t.kind),
    index('identity_picture_owner_hash_idx').on(t.ownerId, t.pictureHash),
    index('identity_picture_bands_idx').using('gin', t.pictureBands),
    index('identity_picture_form_link_idx').on(t.formLinkId),
  ],
);
