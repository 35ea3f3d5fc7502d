import { queryOptions, useQuery } from '@tanstack/react-query';
import { early } from './early.ts';
import { getPublicConfig } from './public-config-request.ts';

export const publicConfigQueryKey = ['public-config'] as const;

const earlyConfig = early(getPublicConfig);
/** Starts GET /api/config at start-up: every page's first render waits for it (LocaleLayout). */
export const prefetchPublicConfig = (): void => earlyConfig.start();

export function getPublicConfigQueryOptions() {
  return queryOptions({ queryKey: publicConfigQueryKey, queryFn: earlyConfig.take, staleTime: Infinity });
}

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}
