import {
  ZIdentityReport,
  type HeadTurnSide,
  type IdentityPictureKind,
  type TIdentityReport,
  type TIdentityReviewRequest,
} from '@centinela/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { readBody, readError } from '../../../lib/http.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { fetchObjectUrl, postMultipart } from './multipart.ts';

const base = (profileId: string) => `/api/v1/profiles/${encodeURIComponent(profileId)}/identity`;

/** Under the profiles prefix: report and profile events refresh it like the rest of the flyout. */
export const identityKey = (profileId: string) => [...PROFILES_QUERY_KEY, 'identity', profileId] as const;

/** While the pictures are being checked the panel looks again now and then (the socket may be down). */
const CHECKING_POLL_MS = 5_000;

/** GET /api/v1/profiles/:id/identity — checks, readings, pictures and the review of the person's identity report. */
export function useIdentityReport(profileId: string) {
  return useQuery({
    queryKey: identityKey(profileId),
    queryFn: ({ signal }): Promise<TIdentityReport> => apiRequest(base(profileId), ZIdentityReport, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? CHECKING_POLL_MS : false),
  });
}

/**
 * GET …/identity/pictures/:pictureId as an object URL (an <img> cannot send the bearer token). The URL is
 * let go once nothing shows the picture any more (checked a task later: a remount keeps it).
 */
export function usePictureUrl(profileId: string, pictureId: string | undefined) {
  const queryClient = useQueryClient();
  const queryKey = [...identityKey(profileId), 'picture', pictureId] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchObjectUrl(`${base(profileId)}/pictures/${encodeURIComponent(pictureId!)}`, signal),
    enabled: Boolean(pictureId),
    // A picture never changes under its id.
    staleTime: Infinity,
  });
  const url = query.data;
  useEffect(
    () => () => {
      setTimeout(() => {
        const cached = queryClient.getQueryCache().find({ queryKey, exact: true });
        if (!url || (cached && cached.getObserversCount() > 0)) return;
        queryClient.removeQueries({ queryKey, exact: true });
        URL.revokeObjectURL?.(url);
      }, 0);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is derived from these two
    [url, profileId, pictureId, queryClient],
  );
  return query;
}

/** Whatever changed the report changes the person and the list too. */
function useRefreshPerson(profileId: string) {
  const queryClient = useQueryClient();
  return (report: TIdentityReport) => {
    queryClient.setQueryData(identityKey(profileId), report);
    return queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
  };
}

/** POST …/identity/review — approve or reject, with a reason, a report in PENDING_MANUAL_REVIEW. */
export function useReviewIdentity(profileId: string) {
  const refresh = useRefreshPerson(profileId);
  return useMutation({
    mutationFn: (input: TIdentityReviewRequest) =>
      apiRequest(`${base(profileId)}/review`, ZIdentityReport, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export type StaffPictures = Partial<Record<IdentityPictureKind, File>>;

/**
 * POST …/identity (multipart): the pictures a staff member adds, with the biometric consent they attest
 * and the side the person was asked to turn to. The key makes a retried send (a lost answer) one check.
 */
export function useUploadIdentity(profileId: string) {
  const refresh = useRefreshPerson(profileId);
  return useMutation({
    mutationFn: async (input: {
      pictures: StaffPictures;
      consentVersion: string;
      turn?: HeadTurnSide;
      idempotencyKey: string;
    }): Promise<TIdentityReport> => {
      const response = await postMultipart(
        base(profileId),
        {
          consentVersion: input.consentVersion,
          turn: input.pictures.turned_selfie ? input.turn : undefined,
          ...input.pictures,
        },
        { headers: { 'Idempotency-Key': input.idempotencyKey } },
      );
      if (!response.ok) throw await readError(response);
      return readBody(response, ZIdentityReport);
    },
    onSuccess: refresh,
  });
}
