import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/ui/simple-page.tsx';

/** /management/owners/inactive — owners that were deactivated. */
export function Component() {
  const { t } = useTranslation();
  return (
    <SimplePage
      title={t('management.inactiveOwners.title')}
      emptyTitle={t('management.inactiveOwners.emptyTitle')}
      emptyBody={t('management.inactiveOwners.emptyBody')}
    />
  );
}
