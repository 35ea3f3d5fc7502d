import { ZPublicConfig, type TPublicConfig } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** GET /api/config → maintenance mode and the sign-in strategy (public, read once per page load). */
export function getPublicConfig(): Promise<TPublicConfig> {
  return apiRequest('/api/config', ZPublicConfig, { auth: false });
}

export const publicConfigQueryKey = ['public-config'] as const;

export function getPublicConfigQueryOptions() {
  return queryOptions({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig, staleTime: Infinity });
}

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}
