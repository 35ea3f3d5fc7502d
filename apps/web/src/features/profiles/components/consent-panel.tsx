import type { TPersonConsent } from '@centinela/shared';
import { Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useUploads } from '../../../lib/person-uploads.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSetConsentDocument } from '../api/consent-document.ts';

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

/**
 * How the person's consent was obtained (issue #25): their form, an attestation (with its signed document,
 * which users who may edit the person choose among the person's uploads), or not recorded.
 */
export function ConsentPanel({
  consent,
  profileId,
  canEdit,
}: {
  consent: TPersonConsent | null;
  profileId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!consent) return <Text size="sm">{t('profiles.consent.none')}</Text>;
  const date = formatDate(consent.at, locale, DATE_TIME);
  const text =
    consent.how === 'form'
      ? t('profiles.consent.form', { date, version: consent.version })
      : consent.by
        ? t('profiles.consent.attested', { date, version: consent.version, name: consent.by })
        : t('profiles.consent.attestedNoName', { date, version: consent.version });
  return (
    <Stack gap="xs">
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
