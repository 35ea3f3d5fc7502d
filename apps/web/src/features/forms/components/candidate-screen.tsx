import { Alert, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCandidatePage, useRequestExport } from '../api/candidate-page.ts';
import { CandidateIdentity } from './candidate-identity.tsx';
import { CandidateResults } from './candidate-results.tsx';
import { CheckProgress } from './check-progress.tsx';
import { CorrectionForm } from './correction-form.tsx';
import { PrivacyRequestCard } from '../../../components/privacy/privacy-request-card.tsx';
import { WithdrawConsent } from './withdraw-consent.tsx';

/**
 * /candidate/:code: public behind the candidate's own code. How far their check has come (its
 * findings only where the owner shows them), their requests with deadlines and answers, a copy of their data, a correction, and the
 * withdrawal of their consent.
 */
export function CandidateScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const page = useCandidatePage(code);
  const exportCopy = useRequestExport(code);
  const unknown = page.isError && isApiError(page.error) && page.error.status === 404;
  useDocumentTitle(t('candidate.title'));
  if (page.isPending) return <PageLoader />;
  if (unknown)
    return (
      <Stack>
        <Title order={1}>{t('candidate.title')}</Title>
        <Alert color="red" title={t('candidate.unknownTitle')} role="alert">
          {t('candidate.unknown')}
        </Alert>
      </Stack>
    );
  if (page.isError) return <PageError error={page.error} onRetry={() => void page.refetch()} />;
  const data = page.data;
  const preparing = data.requests.some((r) => r.kind === 'export' && r.status === 'preparing');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('candidate.title')}</Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('candidate.intro', { name: data.name, company: data.company })}
        </Text>
      </Stack>
      <CheckProgress state={data.state} />
      <CandidateResults reports={data.reports} company={data.company} />
      {data.identity && !data.consentWithdrawnAt && (
        <>
          <Divider label={t('candidate.identity.title')} labelPosition="left" />
          <CandidateIdentity code={code} step={data.identity} />
        </>
      )}
      {data.consentWithdrawnAt && (
        <Alert color="gray" title={t('candidate.withdrawnTitle')} role="status" data-testid="consent-withdrawn">
          {t('candidate.withdrawn', { date: formatDate(data.consentWithdrawnAt, locale, { dateStyle: 'long' }) })}
        </Alert>
      )}

      <Divider label={t('candidate.requestsTitle')} labelPosition="left" />
      {data.requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('candidate.noRequests')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="privacy-requests">
          {data.requests.map((r) => (
            <PrivacyRequestCard key={r.id} request={r} code={code} />
          ))}
        </Stack>
      )}

      <Divider label={t('candidate.copyTitle')} labelPosition="left" />
      <Text size="sm">{t('candidate.copyIntro')}</Text>
      {exportCopy.isError && (
        <Alert color="red" role="alert">
          {errorMessage(t, exportCopy.error)}
        </Alert>
      )}
      <Button
        variant="light"
        w="fit-content"
        loading={exportCopy.isPending || preparing}
        onClick={() => exportCopy.mutate()}
      >
        {t('candidate.copyButton')}
      </Button>

      <Divider label={t('candidate.correction.title')} labelPosition="left" />
      <CorrectionForm code={code} uploadUrl={data.uploads.url} deadlineDays={data.correctionDeadlineDays} />

      {!data.consentWithdrawnAt && (
        <>
          <Divider label={t('candidate.withdraw.title')} labelPosition="left" />
          <WithdrawConsent code={code} company={data.company} />
        </>
      )}
    </Stack>
  );
}
