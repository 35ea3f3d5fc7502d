import type { TWatchlistAlert, WatchlistAlertResolution } from '@centinela/shared';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReviewAlert } from '../api/review-alert.ts';
import type { RulingTarget } from '../components/ruling-modal.tsx';

/** Reviewing alerts: the one whose ruling waits for its reason and confirmation, and the review itself with its toast. */
export function useAlertReview() {
  const { t } = useTranslation();
  const review = useReviewAlert();
  const [asking, setAsking] = useState<{ alert: TWatchlistAlert; verdict: WatchlistAlertResolution } | null>(null);
  const submit = (reason: string) => {
    if (!asking) return;
    const { alert, verdict } = asking;
    review.mutate(
      { id: alert.id, resolution: verdict, reason },
      {
        onSuccess: () => {
          setAsking(null);
          notifications.show({
            color: 'green',
            message: t(`watchlists.review.done.${verdict}`, { name: alert.profileName }),
          });
        },
      },
    );
  };
  const target: RulingTarget | null = asking && {
    verdict: asking.verdict,
    person: asking.alert.profileName,
    entry: asking.alert.match.name,
    list: t(`watchlists.sources.${asking.alert.match.source}`),
    // A reviewed alert's ruling is being changed.
    from: asking.alert.resolution ?? undefined,
  };
  /** The alert being reviewed right now, if any (its buttons show it). */
  const busy = review.isPending ? review.variables : undefined;
  return {
    ask: (alert: TWatchlistAlert, verdict: WatchlistAlertResolution) => {
      review.reset();
      setAsking({ alert, verdict });
    },
    submit,
    target,
    cancel: () => setAsking(null),
    busy,
    pending: review.isPending,
    error: review.isError ? review.error : undefined,
  };
}
