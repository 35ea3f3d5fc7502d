import { ZRuleMatchResponse, type TRuleMatchRequest, type TRuleMatchResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { watchlistsKey } from './watchlists-key.ts';

/** POST /api/v1/watchlists/rulings — one match of a person's report ruled, with a reason. */
export function ruleMatch(body: TRuleMatchRequest): Promise<TRuleMatchResponse> {
  return apiRequest('/api/v1/watchlists/rulings', ZRuleMatchResponse, { method: 'POST', body });
}

/**
 * `onRuled` runs in the mutation itself, not in `mutate`'s own callbacks: the person's report re-renders
 * with the ruling once the profile is fetched again, and the toast must not depend on the panel staying mounted.
 */
export function useRuleMatch(onRuled?: (body: TRuleMatchRequest) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ruleMatch,
    // The report's status and the person's follow the ruling, and the entry's open alerts close with it.
    onSuccess: (_answer, body) => {
      onRuled?.(body);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: watchlistsKey }),
        queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
      ]);
    },
  });
}
