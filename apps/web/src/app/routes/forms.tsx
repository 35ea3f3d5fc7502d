import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SimplePage } from '../../components/ui/simple-page.tsx';

/** /forms/:code? — the public data-collection form a candidate opens from a link (no sign-in). */
export function Component() {
  const { t } = useTranslation();
  const { code } = useParams();
  if (!code) {
    return <SimplePage title={t('forms.title')} emptyTitle={t('forms.emptyTitle')} emptyBody={t('forms.emptyBody')} />;
  }
  return (
    <SimplePage
      title={t('forms.titleWithCode', { code })}
      emptyTitle={t('forms.emptyTitle')}
      emptyBody={t('forms.noQuestions')}
    />
  );
}
