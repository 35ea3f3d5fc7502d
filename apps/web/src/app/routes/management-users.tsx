import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page.tsx';

/** /management/users — the dashboard users. */
export function Component() {
  const { t } = useTranslation();
  return (
    <SimplePage
      title={t('management.users.title')}
      emptyTitle={t('management.users.emptyTitle')}
      emptyBody={t('management.users.emptyBody')}
    />
  );
}
