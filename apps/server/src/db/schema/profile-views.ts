import { index, integer, pgTable, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { profileViewChannelEnum, profileViewKindEnum } from './enums.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';

/**
 * Who saw a person's data: one row per viewer, kind of read and channel in a time window;
 * repeats inside the window raise `count` and `last_at` instead of adding rows. The viewer's ids carry no
 * foreign key, so the record outlives a deleted user or key; the row goes with the person (cascade).
 */
export const profileViews = pgTable(
  'profile_view',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    viewerUserId: uuid('viewer_user_id'),
    viewerApiKeyId: uuid('viewer_api_key_id'),
    /** The user's email or the key's name at the time of the view. */
    viewerLabel: varchar('viewer_label', { length: 254 }).notNull(),
    what: profileViewKindEnum('what').notNull(),
    channel: profileViewChannelEnum('channel').notNull(),
    windowStart: ts('window_start').notNull(),
    at: ts('at').notNull().defaultNow(),
    lastAt: ts('last_at').notNull().defaultNow(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    // The coalescing key: a user's own API key has both ids, a dashboard user or an owner's key one.
    unique('profile_view_window_uq')
      .on(t.profileId, t.viewerUserId, t.viewerApiKeyId, t.what, t.channel, t.windowStart)
      .nullsNotDistinct(),
    index('profile_view_list_idx').on(t.profileId, t.at, t.id),
  ],
);
