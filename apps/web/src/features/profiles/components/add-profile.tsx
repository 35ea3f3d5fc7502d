import type { Country, ReportType, TGetProfileResponse, TPipeline } from '@centinela/shared';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withCatalogue } from '../../../lib/i18n.ts';

const loadDialog = withCatalogue(() => import('./add-profile-dialog.tsx'), 'more');
const AddProfileDialog = lazy(loadDialog);

type AddProfileProps = {
  countries: Country[];
  pipelines: TPipeline[];
  lockedReportTypes?: readonly ReportType[];
  creditBalance?: number | null;
  /** The owner requires a consent attestation for each person added. */
  consentRequired?: boolean;
  onCreated?: (p: TGetProfileResponse) => void;
};

/**
 * "Add profile": the button, and its dialog loaded on first use (prefetched when the pointer or focus
 * reaches the button). Once loaded the dialog stays mounted, so closing it returns focus to the button.
 */
export function AddProfile({
  countries,
  pipelines,
  lockedReportTypes = [],
  creditBalance = null,
  consentRequired = false,
  onCreated,
}: AddProfileProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  const prefetch = () => void loadDialog().catch(() => undefined);
  const created = (profile: TGetProfileResponse) => {
    close();
    onCreated?.(profile);
  };
  return (
    <>
      <Button
        onClick={() => {
          setUsed(true);
          open();
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {t('profiles.create.open')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <AddProfileDialog
            opened={opened}
            onClose={close}
            countries={countries}
            pipelines={pipelines}
            lockedReportTypes={lockedReportTypes}
            creditBalance={creditBalance}
            consentRequired={consentRequired}
            onCreated={created}
          />
        </Suspense>
      )}
    </>
  );
}
