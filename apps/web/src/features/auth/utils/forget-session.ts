import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../api/get-user.ts';

/**
 * Signed out: drop every cached answer of the old session and mark the user as absent. The user query
 * itself is set, not removed, so a request for it still in flight settles instead of hanging its observers.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
  queryClient.setQueryData(userQueryKey, null);
}
