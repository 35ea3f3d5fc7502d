/** Roles and scopes are ours (SPEC §6 names neither); see DESIGN.md "Roles and scopes". */
export const ROLES = ['admin', 'support', 'manager', 'analyst', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Platform roles act across owners; every other role is bound to the user's own owner. */
export const PLATFORM_ROLES: readonly Role[] = ['admin', 'support'];

export const SCOPES = [
  'owners:manage',
  'owners:support',
  'owners:read-any',
  'users:manage',
  'pipelines:manage',
  'forms:manage',
  'profiles:read',
  'profiles:write',
  'profiles:delete',
  'profiles:export',
  'reports:run',
  'reports:review',
  'metrics:read',
  'webhooks:manage',
  /** Watch lists: upload a list file, sync now (platform staff). */
  'watchlists:manage',
  /** An owner's screening thresholds and "monitor everyone". */
  'monitoring:manage',
  /** An owner's retention period, legal holds and the list of what will expire. */
  'retention:manage',
] as const;
export type Scope = (typeof SCOPES)[number];

const ANALYST: Scope[] = [
  'profiles:read',
  'profiles:write',
  'profiles:delete',
  'profiles:export',
  'reports:run',
  'reports:review',
  'metrics:read',
];

export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  admin: SCOPES,
  support: [
    'owners:manage',
    'owners:support',
    'owners:read-any',
    'users:manage',
    'profiles:read',
    'metrics:read',
    'watchlists:manage',
  ],
  manager: [
    'users:manage',
    'pipelines:manage',
    'forms:manage',
    'webhooks:manage',
    'monitoring:manage',
    'retention:manage',
    ...ANALYST,
  ],
  analyst: ANALYST,
  viewer: ['profiles:read', 'metrics:read'],
};

/**
 * What an API key may ever do: create, list and read persons and their reports, list
 * pipelines. Never management; a user's own key gets the intersection with that user's scopes.
 */
export const API_KEY_SCOPES: readonly Scope[] = ['profiles:read', 'profiles:write'];

export function scopesForRoles(roles: readonly Role[]): Scope[] {
  const set = new Set<Scope>();
  for (const role of roles) for (const scope of ROLE_SCOPES[role]) set.add(scope);
  return SCOPES.filter((s) => set.has(s));
}

/** The client's scope check: the user's scope field may be an array or a map (SPEC §6). */
export function hasScope(scope: readonly string[] | Record<string, unknown> | undefined, name: string): boolean {
  if (!scope) return false;
  if (Array.isArray(scope)) return scope.includes(name);
  return Boolean((scope as Record<string, unknown>)[name]);
}
