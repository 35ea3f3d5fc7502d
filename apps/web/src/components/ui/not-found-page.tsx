import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { localizePath } from '../../lib/locale.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { AppLink } from './app-link.tsx';

/** SPEC §2: no route matched, or a page's validity check failed: 'This page could not be found' and a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack align="flex-start">
      <Title order={1}>{t('notFound.title')}</Title>
      <Anchor component={AppLink} to={localizePath(paths.home, locale)}>
        {t('common.backHome')}
      </Anchor>
    </Stack>
  );
}
