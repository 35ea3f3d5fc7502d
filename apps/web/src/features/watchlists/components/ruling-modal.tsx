import { RULING_REASON_MAX, ZRulingReasonForm, type WatchlistAlertResolution } from '@centinela/shared';
import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';

/** The match a reviewer is ruling on, and how. */
export type RulingTarget = {
  verdict: WatchlistAlertResolution;
  person: string;
  /** The entry's name as the list publishes it. */
  entry: string;
  list: string;
  /** The ruling this one replaces, when a ruling is changed. */
  from?: WatchlistAlertResolution;
};

type RulingModalProps = {
  target: RulingTarget | null;
  pending: boolean;
  error?: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/**
 * A ruling is confirmed first, with its reason: a homonym rules the entry out for this person for good,
 * "it is this person" fails their report, an acknowledgement records the match as seen. The reason is
 * kept with the reviewer and the date, and printed on the report. A ruling changed says what it
 * replaces; the one replaced stays in the match's history.
 */
export function RulingModal({ target, pending, error, onSubmit, onClose }: RulingModalProps) {
  const { t } = useTranslation();
  const verdict = target?.verdict ?? 'homonym';
  const from = target?.from;
  const title = from ? t('watchlists.review.changeTitle') : t(`watchlists.review.${verdict}Title`);
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered>
      {target && (
        <Stack gap="md">
          {from && (
            <Text fw={600} data-testid="ruling-change">
              {t('watchlists.review.changeBody', { from: t(`watchlists.alerts.resolutions.${from}`) })}
            </Text>
          )}
          <Text>{t(`watchlists.review.${verdict}Body`, target)}</Text>
          {/* Keyed by the target so a second ruling starts with an empty reason. */}
          <ReasonForm
            key={`${target.person}:${target.entry}:${verdict}:${from ?? ''}`}
            schema={ZRulingReasonForm}
            field="reason"
            maxLength={RULING_REASON_MAX}
            label={t('watchlists.review.reason')}
            hint={t('watchlists.review.reasonHint')}
            submitLabel={t(`watchlists.review.${verdict}Confirm`)}
            cancelLabel={t('watchlists.review.cancel')}
            pending={pending}
            error={error}
            onSubmit={onSubmit}
            onCancel={onClose}
            autoFocus
          />
        </Stack>
      )}
    </Modal>
  );
}
