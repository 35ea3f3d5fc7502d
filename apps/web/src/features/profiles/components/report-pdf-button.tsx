import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useDownloadReportPdf } from '../api/download-report-pdf.ts';

/** The flyout's "Download PDF report": the verifiable PDF, in the language the page speaks. */
export function ReportPdfButton({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = useDownloadReportPdf();
  return (
    <Button
      variant="default"
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { id: profileId, locale },
          {
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: t('profiles.flyout.pdfFailed'),
                message: errorMessage(t, error),
              }),
          },
        )
      }
    >
      {t('profiles.flyout.downloadPdf')}
    </Button>
  );
}
