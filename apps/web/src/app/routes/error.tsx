import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths.ts';
import { localizePath } from '../../lib/locale.ts';
import { useLocale } from '../../lib/use-locale.ts';

/** The generic error page (SPEC §2): the error's message, or 'Error' when it has none, and a link home. */
export function ErrorRoute() {
  const { t } = useTranslation();
  const error = useRouteError();
  const locale = useLocale();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = notFound ? t('notFound.title') : error instanceof Error && error.message ? error.message : null;

  return (
    <Container size="xs" py="xl">
      <Stack align="flex-start">
        <Title order={1}>{t('errorPage.title')}</Title>
        {message && <Text>{message}</Text>}
        <Anchor component={Link} to={localizePath(paths.home, locale)}>
          {t('common.backHome')}
        </Anchor>
      </Stack>
    </Container>
  );
}
