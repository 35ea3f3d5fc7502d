import type { TGetProfileResponse, TPersonConsent } from '@centinela/shared';
import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useUploads } from '../../../lib/person-uploads.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSetConsentDocument } from '../api/consent-document.ts';
import { useRecordConsent } from '../api/record-consent.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/** Which of the person's documents is the attestation's signed consent: chosen among their uploads. */
function ConsentDocumentPicker({ profileId, current }: { profileId: string; current: string | null }) {
  const { t } = useTranslation();
  const files = useUploads(profileId);
  const set = useSetConsentDocument(profileId);
  const items = files.data?.items ?? [];
  return (
    <Select
      className="no-print"
      size="xs"
      maw={360}
      label={t('profiles.consent.documentLabel')}
      description={t('profiles.consent.documentHint')}
      placeholder={t('profiles.consent.documentNone')}
      data={items.map((f) => ({ value: f.id, label: f.fileName }))}
      value={current}
      clearable
      disabled={set.isPending || items.length === 0}
      onChange={(uploadId) =>
        set.mutate(uploadId, {
          onSuccess: () => notifications.show({ color: 'green', message: t('profiles.consent.documentSaved') }),
          onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
        })
      }
      data-testid="consent-document"
    />
  );
}

/** The candidate withdrew consent: when and how, and (for users who may edit the person) a new consent. */
function ConsentWithdrawal({ at, profileId, canEdit }: { at: string; profileId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const record = useRecordConsent(profileId);
  return (
    <Alert color="red" data-testid="consent-withdrawn">
      <Stack gap="xs">
        <Text size="sm">{t('profiles.consent.withdrawn', { date: formatDate(at, locale, DATE_TIME) })}</Text>
        {canEdit && (
          <>
            <Text size="xs" c="dimmed" className="no-print">
              {t('profiles.consent.recordNewHint')}
            </Text>
            <Button
              className="no-print"
              size="compact-sm"
              variant="default"
              w="fit-content"
              loading={record.isPending}
              onClick={() =>
                record.mutate(undefined, {
                  onSuccess: () => notifications.show({ color: 'green', message: t('profiles.consent.recorded') }),
                  onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
                })
              }
            >
              {t('profiles.consent.recordNew')}
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * How the person's consent was obtained: their form, an attestation (with its signed document,
 * which users who may edit the person choose among the person's uploads), or not recorded.
 */
export function ConsentPanel({
  consent,
  withdrawal = null,
  profileId,
  canEdit,
}: {
  consent: TPersonConsent | null;
  withdrawal?: TGetProfileResponse['consentWithdrawal'];
  profileId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const withdrawn = withdrawal && <ConsentWithdrawal at={withdrawal.at} profileId={profileId} canEdit={canEdit} />;
  if (!consent)
    return (
      <Stack gap="xs">
        {withdrawn}
        <Text size="sm">{t('profiles.consent.none')}</Text>
      </Stack>
    );
  const date = formatDate(consent.at, locale, DATE_TIME);
  const text =
    consent.how === 'form'
      ? t('profiles.consent.form', { date, version: consent.version })
      : consent.by
        ? t('profiles.consent.attested', { date, version: consent.version, name: consent.by })
        : t('profiles.consent.attestedNoName', { date, version: consent.version });
  return (
    <Stack gap="xs">
      {withdrawn}
      <Text size="sm" data-testid="profile-consent">
        {text}
      </Text>
      {consent.how === 'attested' && (
        <Text size="sm" data-testid="consent-document-name">
          {consent.document
            ? t('profiles.consent.document', { name: consent.document.fileName })
            : t('profiles.consent.noDocument')}
        </Text>
      )}
      {consent.how === 'attested' && canEdit && (
        <ConsentDocumentPicker profileId={profileId} current={consent.document?.id ?? null} />
      )}
    </Stack>
  );
}
