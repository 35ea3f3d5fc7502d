import { ZPublicForm, type TPublicForm } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/public/forms/:code — no sign-in; 410 `form_invalid` for a code that no longer works. */
export function getPublicForm(code: string, signal?: AbortSignal): Promise<TPublicForm> {
  return apiRequest(`/api/v1/public/forms/${encodeURIComponent(code)}`, ZPublicForm, { auth: false, signal });
}

export function getPublicFormQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['forms', 'public', code] as const,
    queryFn: ({ signal }) => getPublicForm(code, signal),
    staleTime: Infinity,
  });
}

export function usePublicForm(code: string) {
  return useQuery(getPublicFormQueryOptions(code));
}
