import type { Locale, TFormLink, TPipeline } from '@centinela/shared';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useRealtime } from '../../../lib/use-realtime.ts';
import { formLinksKey, useFormLinks } from '../api/get-form-links.ts';
import { CreateFormLinkModal } from './create-form-link-modal.tsx';
import { FormLinkCard } from './form-link-card.tsx';
import { QrModal } from './qr-modal.tsx';
import { RevokeFormLinkModal } from './revoke-form-link-modal.tsx';

/** /forms for staff: the owner's links and what came in through them, live. */
export function FormLinksScreen({ pipelines, linkLocale }: { pipelines: TPipeline[]; linkLocale: Locale }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const links = useFormLinks();
  const queryClient = useQueryClient();
  // A submission creates a person: the list shows it as soon as the server says so.
  useRealtime('profile.updated', () => void queryClient.invalidateQueries({ queryKey: formLinksKey }));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TFormLink | null>(null);
  const [showing, setShowing] = useState<TFormLink | null>(null);
  const items = links.data?.items ?? [];
  return (
    <Stack>
      <Anchor component={Link} to={localizePath(paths.home, locale)} size="sm">
        {t('forms.staff.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>{t('forms.staff.title')}</Title>
          <Text c="dimmed">{t('forms.staff.subtitle')}</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>{t('forms.staff.create')}</Button>
      </Group>
      {links.isPending && <PageLoader />}
      {links.isError && <PageError error={links.error} onRetry={() => void links.refetch()} />}
      {links.isSuccess && items.length === 0 && (
        <EmptyState title={t('forms.staff.emptyTitle')} description={t('forms.staff.emptyBody')} />
      )}
      {items.map((link) => (
        <FormLinkCard
          key={link.id}
          link={link}
          linkLocale={link.locale ?? linkLocale}
          onRevoke={() => setRevoking(link)}
          onQr={() => setShowing(link)}
        />
      ))}
      <CreateFormLinkModal
        pipelines={pipelines}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={setShowing}
      />
      <RevokeFormLinkModal link={revoking} onClose={() => setRevoking(null)} />
      <QrModal link={showing} linkLocale={showing?.locale ?? linkLocale} onClose={() => setShowing(null)} />
    </Stack>
  );
}
