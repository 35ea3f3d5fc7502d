import type { TWatchlistMatch, WatchlistAlertResolution } from '@centinela/shared';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuleMatch } from '../api/rule-match.ts';
import type { RulingTarget } from '../components/ruling-modal.tsx';

/** Ruling one match of a person's report from the flyout: the match waiting for its reason, the request and its toast. */
export function useMatchRuling(profileId: string | undefined, profileName: string | undefined) {
  const { t } = useTranslation();
  const person = profileName ?? t('watchlists.review.thisPerson');
  const [asking, setAsking] = useState<{
    match: TWatchlistMatch;
    verdict: WatchlistAlertResolution;
    from?: WatchlistAlertResolution;
  } | null>(null);
  const rule = useRuleMatch(({ verdict }) => {
    setAsking(null);
    notifications.show({ color: 'green', message: t(`watchlists.review.done.${verdict}`, { name: person }) });
  });
  const submit = (reason: string) => {
    if (!asking || !profileId) return;
    const { match, verdict } = asking;
    rule.mutate({ profileId, source: match.source, entryId: match.entryId, verdict, reason });
  };
  const target: RulingTarget | null = asking && {
    verdict: asking.verdict,
    person,
    entry: asking.match.name,
    list: t(`watchlists.sources.${asking.match.source}`),
    from: asking.from,
  };
  const sending = rule.isPending ? rule.variables : undefined;
  return {
    /** `from`: the ruling being changed, if the match has one. */
    ask: (match: TWatchlistMatch, verdict: WatchlistAlertResolution, from?: WatchlistAlertResolution) => {
      rule.reset();
      setAsking({ match, verdict, from });
    },
    submit,
    target,
    cancel: () => setAsking(null),
    /** The ruling being sent for this match, if any (its button shows it). */
    busyFor: (match: TWatchlistMatch) =>
      sending && sending.source === match.source && sending.entryId === match.entryId ? sending.verdict : undefined,
    pending: rule.isPending,
    error: rule.isError ? rule.error : undefined,
  };
}
