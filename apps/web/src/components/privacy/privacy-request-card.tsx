import { candidateExportPath, type TPrivacyRequest } from '@centinela/shared';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';

const COLORS: Record<TPrivacyRequest['status'], string> = {
  open: 'yellow',
  resolved: 'green',
  preparing: 'blue',
  ready: 'green',
  expired: 'gray',
  failed: 'red',
};
const WHEN = { dateStyle: 'long', timeStyle: 'short' } as const;

/** One request as both sides read it: what was asked, its state, the deadline, the answer or the files. */
export function PrivacyRequestCard({ request, code }: { request: TPrivacyRequest; code?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const open = request.status === 'open' || request.status === 'preparing';
  return (
    <Paper withBorder p="sm" data-testid="privacy-request" data-status={request.status}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t(`candidate.kinds.${request.kind}`)}</Text>
          <Badge color={COLORS[request.status]} variant="light">
            {t(`candidate.statuses.${request.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('candidate.requestedAt', { date: formatDate(request.createdAt, locale, WHEN) })}
          {open && ` · ${t('candidate.dueAt', { date: formatDate(request.dueAt, locale, WHEN) })}`}
        </Text>
        {request.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message}
          </Text>
        )}
        {request.upload && (
          <Text size="xs" c="dimmed">
            {t('candidate.attached', { name: request.upload.fileName })}
          </Text>
        )}
        {request.resolution && (
          <Paper bg="var(--mantine-color-green-light)" p="xs" data-testid="privacy-resolution">
            <Text size="xs" fw={600}>
              {t('candidate.answer', { date: request.resolvedAt ? formatDate(request.resolvedAt, locale, WHEN) : '' })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.resolution}
            </Text>
          </Paper>
        )}
        {code && request.status === 'ready' && (
          <Group gap="md">
            <Anchor href={candidateExportPath(code, request.id, 'pdf')} download>
              {t('candidate.downloadPdf')}
            </Anchor>
            <Anchor href={candidateExportPath(code, request.id, 'json')} download>
              {t('candidate.downloadJson')}
            </Anchor>
            {request.expiresAt && (
              <Text size="xs" c="dimmed">
                {t('candidate.expiresAt', { date: formatDate(request.expiresAt, locale, WHEN) })}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
