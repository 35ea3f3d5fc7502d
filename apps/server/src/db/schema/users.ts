import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { Role } from '@centinela/shared';
import { id, timestamps, ts } from './columns.ts';
import { apiKeyModeEnum, countryEnum, localeEnum, userStatusEnum } from './enums.ts';
import { owners } from './owners.ts';

/** A dashboard user. Platform staff (admin, support) may have no owner; everyone else must. */
export const users = pgTable(
  'user',
  {
    id: id(),
    ownerId: uuid('owner_id').references(() => owners.id, { onDelete: 'cascade' }),
    /** An email, stored lower-case. */
    username: varchar('username', { length: 254 }).notNull().unique(),
    apiKeyMode: apiKeyModeEnum('api_key_mode').notNull().default('owner'),
    availableCountries: countryEnum('available_countries')
      .array()
      .notNull()
      .default(sql`'{}'`),
    defaultCountry: countryEnum('default_country'),
    defaultLocale: localeEnum('default_locale').notNull().default('en'),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'`),
    status: userStatusEnum('status').notNull().default('active'),
    passwordHash: text('password_hash'),
    /** OIDC `sub` of the external identity, when signed in through the provider. */
    externalSubject: varchar('external_subject', { length: 255 }).unique(),
    lastLoginAt: ts('last_login_at'),
    ...timestamps(),
  },
  (t) => [
    index('user_owner_idx').on(t.ownerId, t.username),
    check('user_username_lower', sql`${t.username} = lower(${t.username})`),
    check('user_owner_required', sql`${t.ownerId} IS NOT NULL OR ${t.roles} && ARRAY['admin','support']::text[]`),
  ],
);

/** A signed-in session of the local strategy: both tokens stored as sha256, never in clear. */
export const authSessions = pgTable(
  'auth_session',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenHash: varchar('access_token_hash', { length: 64 }).notNull().unique(),
    refreshTokenHash: varchar('refresh_token_hash', { length: 64 }).notNull().unique(),
    accessExpiresAt: ts('access_expires_at').notNull(),
    refreshExpiresAt: ts('refresh_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

/**
 * Refresh tokens a session has rotated away from. One presented again means a copy is in other hands, so
 * the whole session — the token family — is revoked (RFC 9700 §4.14). Kept as long as a refresh token lives.
 */
export const authRotatedRefreshTokens = pgTable(
  'auth_rotated_refresh_token',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    rotatedAt: ts('rotated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_rotated_refresh_token_session_idx').on(t.sessionId, t.rotatedAt)],
);
