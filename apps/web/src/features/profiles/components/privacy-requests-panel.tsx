import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { PrivacyRequestCard } from '../../../components/privacy/privacy-request-card.tsx';
import { usePrivacyRequests } from '../api/privacy-requests.ts';
import { CandidateLinkButton } from './candidate-link.tsx';
import { ResolveCorrection } from './resolve-correction.tsx';

/**
 * The candidate's requests in the flyout: corrections are a reviewer's tasks with a deadline
 * (answered here, read by the candidate on their page); copies of their data show when they were made.
 */
export function PrivacyRequestsPanel({
  profileId,
  canResolve,
  canLink,
}: {
  profileId: string;
  canResolve: boolean;
  canLink: boolean;
}) {
  const { t } = useTranslation();
  const requests = usePrivacyRequests(profileId);
  return (
    <Stack gap="xs" className="no-print" data-testid="privacy-panel">
      {canLink && (
        <Group justify="flex-end">
          <CandidateLinkButton profileId={profileId} />
        </Group>
      )}
      {requests.isPending && <Skeleton height={48} role="status" aria-label={t('common.loading')} />}
      {requests.isError && (
        <Alert color="red" role="alert">
          {errorMessage(t, requests.error)}
        </Alert>
      )}
      {requests.isSuccess && requests.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('profiles.privacy.none')}
        </Text>
      )}
      {requests.data?.items.map((r) => (
        <Stack key={r.id} gap={4}>
          <PrivacyRequestCard request={r} />
          {canResolve && r.kind === 'correction' && r.status === 'open' && (
            <ResolveCorrection profileId={profileId} requestId={r.id} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
