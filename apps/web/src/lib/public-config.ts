import { ZPublicConfig, type TPublicConfig } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { initErrorReporting } from './error-reporting.ts';

/** GET /api/config → maintenance mode, the sign-in strategy, uploads, error reporting (public, read once per page load). */
export async function getPublicConfig(): Promise<TPublicConfig> {
  const config = await apiRequest('/api/config', ZPublicConfig, { auth: false });
  // Error reporting starts once the server says where to (off when it names no DSN).
  void initErrorReporting(config.errorReporting?.dsn);
  return config;
}

export const publicConfigQueryKey = ['public-config'] as const;

export function getPublicConfigQueryOptions() {
  return queryOptions({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig, staleTime: Infinity });
}

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}
