import '@mantine/dropzone/styles.css';
import type { TReportPdfVerification } from '@centinela/shared';
import { Alert, Code, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useVerification } from '../api/get-verification.ts';
import { sha256Hex } from '../utils/sha256.ts';

const ISSUED_AT = { dateStyle: 'long', timeStyle: 'short' } as const;

type Check = { state: 'checking' } | { state: 'done'; hash: string; matches: boolean } | { state: 'failed' };

/** The visitor's own copy, hashed here and compared with the hash recorded when the PDF was issued. */
function FileCheck({ issued }: { issued: TReportPdfVerification }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check | null>(null);
  const compare = (file: File) => {
    setCheck({ state: 'checking' });
    sha256Hex(file).then(
      (hash) => setCheck({ state: 'done', hash, matches: hash === issued.sha256 }),
      () => setCheck({ state: 'failed' }),
    );
  };
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => files[0] && compare(files[0])}
        multiple={false}
        loading={check?.state === 'checking'}
        inputProps={{ 'aria-label': t('verify.drop') }}
        data-testid="verify-drop"
      >
        <Stack align="center" gap={2} mih={64} justify="center" ta="center">
          <Text fw={600} size="sm">
            {t('verify.drop')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('verify.private')}
          </Text>
        </Stack>
      </Dropzone>
      {check?.state === 'done' && check.matches && (
        <Alert color="green" title={t('verify.matchTitle')} role="status" data-testid="verify-result">
          {t('verify.match', { owner: issued.ownerName })}
        </Alert>
      )}
      {check?.state === 'done' && !check.matches && (
        <Alert color="red" title={t('verify.mismatchTitle')} role="alert" data-testid="verify-result">
          <Stack gap={4}>
            <Text size="sm">{t('verify.mismatch')}</Text>
            <Text size="xs">
              {t('verify.fileHash')}{' '}
              <Code translate="no" style={{ overflowWrap: 'anywhere' }}>
                {check.hash}
              </Code>
            </Text>
          </Stack>
        </Alert>
      )}
      {check?.state === 'failed' && (
        <Alert color="red" role="alert">
          {t('verify.unreadable')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * /verify/:code: public. Who issued the PDF with this code, when, and its SHA-256 — nothing about
 * the person — and a drop zone that tells whether a file is that PDF, unchanged.
 */
export function VerifyScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const issued = useVerification(code);
  const unknown = issued.isError && isApiError(issued.error) && issued.error.status === 404;
  useDocumentTitle(t('verify.title'));
  return (
    <Stack>
      <Title order={1}>{t('verify.title')}</Title>
      {issued.isPending && <PageLoader />}
      {unknown && (
        <Alert color="red" title={t('verify.unknownTitle')} role="alert">
          {t('verify.unknown')}
        </Alert>
      )}
      {issued.isError && !unknown && <PageError error={issued.error} onRetry={() => void issued.refetch()} />}
      {issued.isSuccess && (
        <>
          <Text c="dimmed">{t('verify.intro')}</Text>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{t('verify.code')}</Table.Th>
                <Table.Td translate="no">{issued.data.code}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('verify.issuer')}</Table.Th>
                <Table.Td data-testid="verify-issuer">{issued.data.ownerName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('verify.issuedAt')}</Table.Th>
                <Table.Td>{formatDate(issued.data.issuedAt, locale, ISSUED_AT)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('verify.hash')}</Table.Th>
                <Table.Td>
                  <Code translate="no" style={{ overflowWrap: 'anywhere' }}>
                    {issued.data.sha256}
                  </Code>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <FileCheck issued={issued.data} />
        </>
      )}
    </Stack>
  );
}
