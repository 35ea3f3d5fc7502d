import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page.tsx';

/** /management/owners — the owner (client) accounts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <SimplePage
      title={t('management.owners.title')}
      emptyTitle={t('management.owners.emptyTitle')}
      emptyBody={t('management.owners.emptyBody')}
    />
  );
}
