import type { TWatchlistAlert, WatchlistAlertResolution } from '@centinela/shared';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useReviewAlert } from '../api/review-alert.ts';

/** Reviewing alerts: the one waiting for the homonym confirmation, and the review itself with its toast. */
export function useAlertReview() {
  const { t } = useTranslation();
  const review = useReviewAlert();
  const [confirming, setConfirming] = useState<TWatchlistAlert | null>(null);
  const resolve = (alert: TWatchlistAlert, resolution: WatchlistAlertResolution) =>
    review.mutate(
      { id: alert.id, resolution },
      {
        onSuccess: () => {
          setConfirming(null);
          notifications.show({
            color: 'green',
            message: t(`watchlists.review.done.${resolution}`, { name: alert.profileName }),
          });
        },
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
      },
    );
  /** The alert being reviewed right now, if any (its buttons show it). */
  const busy = review.isPending ? review.variables : undefined;
  return {
    resolve,
    confirming,
    askHomonym: setConfirming,
    cancel: () => setConfirming(null),
    busy,
    pending: review.isPending,
  };
}
