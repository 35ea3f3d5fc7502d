import type { TCandidateReport } from '@centinela/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FindingsList } from '../../../components/findings/findings-list.tsx';
import { DATE_ONLY } from '../../../lib/date-formats.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/**
 * The candidate's findings, only where the owner shows them: each finished report with what
 * its source returned, read as the reviewer reads it. `null` (the owner keeps them) says where they go.
 */
export function CandidateResults({ reports, company }: { reports: TCandidateReport[] | null; company: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (reports === null)
    return (
      <Text size="sm" c="dimmed">
        {t('candidate.noFindings', { company })}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="candidate-results">
      <Title order={2} size="h4">
        {t('candidate.results.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('candidate.results.intro', { company })}
      </Text>
      {reports.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('candidate.results.none')}
        </Text>
      ) : (
        reports.map((r) => (
          <Paper
            key={r.type}
            withBorder
            p="sm"
            radius="md"
            component="section"
            aria-label={t(`reports.types.${r.type}`)}
          >
            <Stack gap="xs">
              <div>
                <Title order={3} size="h5">
                  {t(`reports.types.${r.type}`)}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('candidate.results.completedAt', { date: formatDate(r.completedAt, locale, DATE_ONLY) })}
                </Text>
              </div>
              <FindingsList findings={r.findings} />
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
