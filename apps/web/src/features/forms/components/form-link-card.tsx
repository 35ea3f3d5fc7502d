import type { Locale, TFormLink } from '@centinela/shared';
import { Anchor, Badge, Button, Card, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formUrl } from '../utils/link.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const STATUS_COLORS = { active: 'green', expired: 'gray', revoked: 'red', used_up: 'blue' } as const;

type FormLinkCardProps = { link: TFormLink; linkLocale: Locale; onRevoke: () => void; onQr: () => void };

/** One link: what it runs, until when, how often, its state, and the people who came through it. */
export function FormLinkCard({ link, linkLocale, onRevoke, onQr }: FormLinkCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const url = formUrl(link.code, linkLocale);
  const active = link.status === 'active';
  return (
    <Card withBorder padding="md" data-testid={`form-link-${link.code}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Text fw={600}>{link.label ?? link.pipelineName ?? t('forms.staff.noPipeline')}</Text>
            <Text size="sm" c="dimmed">
              {t('forms.staff.summary', {
                pipeline: link.pipelineName ?? t('forms.staff.noPipeline'),
                use: link.singleUse ? t('forms.staff.singleUse') : t('forms.staff.multiUse'),
                expires: link.expiresAt ? formatDate(link.expiresAt, locale, DATE_TIME) : t('forms.staff.never'),
              })}
            </Text>
          </Stack>
          <Badge color={STATUS_COLORS[link.status]} variant="light">
            {t(`forms.status.${link.status}`)}
          </Badge>
        </Group>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        <Group gap="xs">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy} disabled={!active}>
                {copied ? t('forms.staff.copied') : t('forms.staff.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="light" onClick={onQr} disabled={!active}>
            {t('forms.staff.qr')}
          </Button>
          {!link.revokedAt && (
            <Button size="xs" variant="subtle" color="red" onClick={onRevoke}>
              {t('forms.staff.revoke')}
            </Button>
          )}
        </Group>
        <Text size="sm" fw={500}>
          {t('forms.staff.submissions', { count: link.submissions })}
        </Text>
        {link.recentSubmissions.length > 0 && (
          <List size="sm" spacing={2}>
            {link.recentSubmissions.map((s) => (
              <List.Item key={s.id}>
                {s.profileId ? (
                  <Anchor
                    component={Link}
                    to={localizePath(
                      paths.person(s.profileId, link.country === 'xx' ? undefined : link.country),
                      locale,
                    )}
                  >
                    {s.profileName ?? s.profileId}
                  </Anchor>
                ) : (
                  <Text span c="dimmed">
                    {t('forms.staff.deletedPerson')}
                  </Text>
                )}{' '}
                <Text span size="xs" c="dimmed">
                  {formatDate(s.createdAt, locale, DATE_TIME)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
