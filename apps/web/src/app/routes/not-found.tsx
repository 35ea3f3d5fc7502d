import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { localizePath } from '../../lib/locale.ts';
import { useLocale } from '../../lib/use-locale.ts';

/** SPEC §2: 'This page could not be found' and a link home. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack align="flex-start">
      <Title order={1}>{t('notFound.title')}</Title>
      <Anchor component={Link} to={localizePath(paths.home, locale)}>
        {t('common.backHome')}
      </Anchor>
    </Stack>
  );
}
