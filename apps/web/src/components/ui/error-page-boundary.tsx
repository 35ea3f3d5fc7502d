import { Anchor, Container, Stack, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { localeFromPath, localizePath } from '../../lib/locale.ts';

/**
 * SPEC §2: when the error page itself fails. Deliberately plain: a full page load home (the router may
 * be what broke), the locale read from the address rather than from router hooks.
 */
function ErrorPageFailed() {
  const { t } = useTranslation();
  const home = localizePath(paths.home, localeFromPath(window.location.pathname));
  return (
    <Container component="main" size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>{t('errorPage.failed')}</Title>
        <Anchor href={home}>{t('common.backHome')}</Anchor>
      </Stack>
    </Container>
  );
}

/** Wraps the error page so that an error while showing an error ends on a page, not a blank screen. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPageFailed /> : this.props.children;
  }
}
