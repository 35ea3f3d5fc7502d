import { z } from 'zod';
import { PLATFORM_ROLES, ROLES, type Role } from '../auth/scopes.ts';
import { zStoredText } from '../common/text.ts';
import { API_KEY_MODES, COUNTRIES, LOCALES, USER_STATUSES } from '../enums.ts';

/** Higher grants more: nobody may grant a role above their own highest. */
export const ROLE_RANK: Record<Role, number> = { viewer: 1, analyst: 2, manager: 3, support: 4, admin: 5 };

export const highestRank = (roles: readonly Role[]) => Math.max(0, ...roles.map((r) => ROLE_RANK[r]));

/** The roles a caller may give: none above their own highest role (so support never makes an admin). */
export function grantableRoles(callerRoles: readonly Role[]): Role[] {
  const rank = highestRank(callerRoles);
  return ROLES.filter((r) => ROLE_RANK[r] <= rank);
}

export const ZManagedUser = z.object({
  id: z.uuid(),
  username: z.string(),
  owner: z.object({ id: z.uuid(), codeName: z.string(), name: z.string(), active: z.boolean() }).nullable(),
  roles: z.array(z.enum(ROLES)),
  status: z.enum(USER_STATUSES),
  availableCountries: z.array(z.enum(COUNTRIES)),
  defaultCountry: z.enum(COUNTRIES).nullable(),
  defaultLocale: z.enum(LOCALES),
  apiKeyMode: z.enum(API_KEY_MODES),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TManagedUser = z.infer<typeof ZManagedUser>;

export const ZUserParams = z.strictObject({ id: z.uuid() });

/** GET /api/v1/users — filters of the users list. */
export const ZListUsersRequest = z.strictObject({
  ownerId: z.uuid().optional().describe('Platform staff: one owner'),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  country: z.enum(COUNTRIES).optional(),
  q: zStoredText().trim().min(1).max(100).optional().describe('Searches the username'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TListUsersRequest = z.infer<typeof ZListUsersRequest>;
export const ZListUsersResponse = z.object({
  items: z.array(ZManagedUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TListUsersResponse = z.infer<typeof ZListUsersResponse>;

const roles = z
  .array(z.enum(ROLES))
  .min(1, { message: 'management.validation.rolesRequired' })
  .max(ROLES.length)
  .refine((r) => new Set(r).size === r.length, { message: 'management.validation.rolesRepeated' });

/** The settings a user carries (and several users may share). */
export const ZUserSettings = z.strictObject({
  roles,
  // A user without a country has no persons to work on: refused on creation and on edit.
  availableCountries: z
    .array(z.enum(COUNTRIES))
    .min(1, { message: 'management.validation.countriesRequired' })
    .max(COUNTRIES.length)
    .refine((c) => new Set(c).size === c.length, { message: 'management.validation.countriesRepeated' }),
  defaultCountry: z.enum(COUNTRIES).nullable(),
  defaultLocale: z.enum(LOCALES),
  apiKeyMode: z.enum(API_KEY_MODES),
  status: z.enum(USER_STATUSES),
});

/** The default country must be one of the available ones. */
export const defaultInAvailable = (
  v: { defaultCountry?: string | null; availableCountries?: readonly string[] },
  ctx: z.core.$RefinementCtx,
) => {
  if (v.defaultCountry && v.availableCountries && !v.availableCountries.includes(v.defaultCountry)) {
    ctx.addIssue({ code: 'custom', path: ['defaultCountry'], message: 'management.validation.defaultCountry' });
  }
};

/**
 * A client user works on the persons of their countries: one without any has nothing to open.
 * Platform staff (admin, support) act across owners and may have none.
 */
export const countriesForClientUsers = (
  v: { roles?: readonly Role[]; availableCountries?: readonly string[] },
  ctx: z.core.$RefinementCtx,
) => {
  const platform = (v.roles ?? []).some((r) => PLATFORM_ROLES.includes(r));
  if (!platform && (v.availableCountries ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['availableCountries'], message: 'management.validation.countriesRequired' });
  }
};

export const EMAIL_LIST_MAX = 200;

/** The settings new users get (created from emails or imported), unrefined so import can extend it. */
export const ZNewUserSettings = ZUserSettings.partial({
  availableCountries: true,
  defaultCountry: true,
  defaultLocale: true,
  apiKeyMode: true,
  status: true,
}).extend({
  ownerId: z
    .uuid()
    .optional()
    .describe('Platform staff: the owner of the new users (none for platform staff accounts)'),
});
export type TNewUserSettings = z.infer<typeof ZNewUserSettings>;

export const USER_PASSWORD_MIN = 12;

/** POST /api/v1/users — one or several users from a list of emails (SPEC §5: repeated rejected, invalid flagged). */
export const ZCreateUsersRequest = ZNewUserSettings.extend({
  emails: z.array(z.string().max(320)).min(1, { message: 'management.validation.emailsRequired' }).max(EMAIL_LIST_MAX),
  password: z
    .string()
    .min(USER_PASSWORD_MIN)
    .max(256)
    .optional()
    .describe('Initial password for the local sign-in strategy'),
})
  .superRefine(defaultInAvailable)
  .superRefine(countriesForClientUsers);
export type TCreateUsersRequest = z.infer<typeof ZCreateUsersRequest>;

export const USER_REJECTIONS = ['invalid', 'repeated', 'exists'] as const;
export type UserRejection = (typeof USER_REJECTIONS)[number];

export const ZCreateUsersResponse = z.object({
  created: z.array(ZManagedUser),
  rejected: z.array(z.object({ email: z.string(), reason: z.enum(USER_REJECTIONS) })),
});
export type TCreateUsersResponse = z.infer<typeof ZCreateUsersResponse>;

/** PATCH /api/v1/users — edit several users at once (also (de)activation: `changes: { status }`). */
export const ZUpdateUsersRequest = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(100),
  changes: ZUserSettings.partial()
    .superRefine(defaultInAvailable)
    .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'management.validation.nothingToUpdate' }),
});
export type TUpdateUsersRequest = z.infer<typeof ZUpdateUsersRequest>;
export const ZUpdateUsersResponse = z.object({ items: z.array(ZManagedUser) });
export type TUpdateUsersResponse = z.infer<typeof ZUpdateUsersResponse>;

/** POST /api/v1/users/delete */
export const ZDeleteUsersRequest = z.strictObject({ ids: z.array(z.uuid()).min(1).max(100) });
export type TDeleteUsersRequest = z.infer<typeof ZDeleteUsersRequest>;
export const ZDeleteUsersResponse = z.object({ deleted: z.number().int() });

const EMAIL = z.email();

export type EmailEntry = { email: string; problem: 'invalid' | 'repeated' | null };

/**
 * A pasted list of emails (commas, semicolons, spaces or lines) as entries: each lower-cased, the
 * second and later copies `repeated`, anything that is not an email `invalid` (SPEC §5).
 */
export function parseEmailList(text: string): EmailEntry[] {
  return checkEmails(text.split(/[\s,;]+/).filter(Boolean));
}

export function checkEmails(raw: readonly string[]): EmailEntry[] {
  const seen = new Set<string>();
  return raw.map((value) => {
    const email = value.trim().toLowerCase();
    if (!EMAIL.safeParse(email).success || email.length > 254) return { email, problem: 'invalid' };
    if (seen.has(email)) return { email, problem: 'repeated' };
    seen.add(email);
    return { email, problem: null };
  });
}
