import {
  INBOX_ASSIGNEE_FILTERS,
  INBOX_KINDS,
  type Country,
  type InboxAssigneeFilter,
  type InboxKind,
  type TInboxItem,
} from '@centinela/shared';
import { Alert, Anchor, Badge, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { DATE_ONLY } from '../../../lib/date-formats.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAssignInboxItem } from '../api/assign-item.ts';
import { useInbox } from '../api/get-inbox.ts';

const PAGE_SIZE = 25;
/** A country's name ('xx', no country, has none: its code then). */
const countryName = (t: TFunction, c: Country) =>
  t(`countries.${c}` as 'countries.co', { defaultValue: c.toUpperCase() });
const NOBODY = '';
const KIND_COLORS: Record<InboxKind, string> = {
  match: 'red.9',
  alert: 'orange.9',
  correction: 'blue.9',
  identity: 'grape.9',
};

type InboxScreenProps = {
  countries: readonly Country[];
  canAssign: boolean;
  ownerId?: string;
  /** Platform staff choose the client first (app/routes/inbox.tsx). */
  ownerPicker?: React.ReactNode;
  needsOwner?: boolean;
};

/**
 * The review inbox: what waits for a reviewer, oldest due first, filtered by kind, assignee
 * and country; each item opens the person (the flyout, where the ruling, the answer or the review
 * happens) and, for a reviewer, goes to one of the owner's reviewers. One column of cards: a phone reads
 * it as well as a desk.
 */
export function InboxScreen({ countries, canAssign, ownerId, ownerPicker, needsOwner = false }: InboxScreenProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<InboxKind | undefined>();
  const [assignee, setAssignee] = useState<InboxAssigneeFilter>('any');
  const [country, setCountry] = useState<Country | undefined>();
  const [page, setPage] = useState(1);
  const [now] = useState(() => Date.now());
  const inbox = useInbox({ kind, assignee, country, page, pageSize: PAGE_SIZE, ownerId }, !needsOwner);
  const assign = useAssignInboxItem();
  const data = needsOwner ? undefined : inbox.data;
  const reset = () => setPage(1);
  return (
    <Stack gap="md">
      <Title order={1}>{t('inbox.title')}</Title>
      <Text c="dimmed">{t('inbox.intro')}</Text>
      {ownerPicker}
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('inbox.filters')}>
        <Select
          label={t('inbox.kindLabel')}
          data={[
            { value: NOBODY, label: t('inbox.allKinds') },
            ...INBOX_KINDS.map((k) => ({ value: k, label: t(`inbox.kinds.${k}`) })),
          ]}
          value={kind ?? NOBODY}
          onChange={(v) => {
            setKind((v || undefined) as InboxKind | undefined);
            reset();
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label={t('inbox.assigneeLabel')}
          data={INBOX_ASSIGNEE_FILTERS.map((a) => ({ value: a, label: t(`inbox.assignees.${a}`) }))}
          value={assignee}
          onChange={(v) => {
            setAssignee((v ?? 'any') as InboxAssigneeFilter);
            reset();
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        {countries.length > 1 && (
          <Select
            label={t('inbox.countryLabel')}
            data={[
              { value: NOBODY, label: t('inbox.allCountries') },
              ...countries.map((c) => ({ value: c, label: countryName(t, c) })),
            ]}
            value={country ?? NOBODY}
            onChange={(v) => {
              setCountry((v || undefined) as Country | undefined);
              reset();
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
        )}
      </Group>
      {assign.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => assign.reset()}>
          {errorMessage(t, assign.error)}
        </Alert>
      )}
      {!needsOwner && inbox.isPending && <PageLoader />}
      {!needsOwner && inbox.isError && <PageError error={inbox.error} onRetry={() => void inbox.refetch()} />}
      {data && data.items.length === 0 && (
        <EmptyState title={t('inbox.emptyTitle')} description={t('inbox.emptyBody')} />
      )}
      {data && data.items.length > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('inbox.total', { count: data.total })}
        </Text>
      )}
      {data && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('inbox.title')}>
          {data.items.map((item) => (
            <InboxCard
              key={`${item.kind}:${item.ref}`}
              item={item}
              now={now}
              reviewers={data.reviewers}
              canAssign={canAssign}
              busy={assign.isPending && assign.variables?.ref === item.ref}
              onAssign={(assigneeId) => assign.mutate({ kind: item.kind, ref: item.ref, assigneeId })}
            />
          ))}
        </Stack>
      )}
      {data && data.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(data.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': t(`inbox.page.${c}`) })}
        />
      )}
    </Stack>
  );
}

type CardProps = {
  item: TInboxItem;
  /** When the page opened: a deadline before it is overdue. */
  now: number;
  reviewers: { id: string; username: string }[];
  canAssign: boolean;
  busy: boolean;
  onAssign: (assigneeId: string | null) => void;
};

function InboxCard({ item, now, reviewers, canAssign, busy, onAssign }: CardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const overdue = item.dueAt !== null && Date.parse(item.dueAt) < now;
  const kindLabel =
    item.kind === 'alert' && item.alertKind === 'delisted' ? t('inbox.kinds.delisted') : t(`inbox.kinds.${item.kind}`);
  // The assignee may have left the reviewers (a role changed): still shown as the current choice.
  const options = [
    { value: NOBODY, label: t('inbox.nobody') },
    ...reviewers.map((r) => ({ value: r.id, label: r.username })),
    ...(item.assignee && !reviewers.some((r) => r.id === item.assignee!.id)
      ? [{ value: item.assignee.id, label: item.assignee.username }]
      : []),
  ];
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      data-testid="inbox-item"
      data-kind={item.kind}
      aria-label={t('inbox.itemLabel', { kind: kindLabel, name: item.person.name })}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={localizePath(paths.person(item.person.id, item.person.country), locale)}
              fw={700}
              style={{ overflowWrap: 'anywhere' }}
            >
              {item.person.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {countryName(t, item.person.country)}
            </Text>
          </Stack>
          <Badge color={KIND_COLORS[item.kind]} variant="light">
            {kindLabel}
          </Badge>
        </Group>
        {item.detail && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.detail}
          </Text>
        )}
        <Text size="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 700 : undefined}>
          {item.dueAt
            ? t(overdue ? 'inbox.overdue' : 'inbox.due', { date: formatDate(item.dueAt, locale, DATE_ONLY) })
            : t('inbox.since', { date: formatDate(item.createdAt, locale, DATE_ONLY) })}
        </Text>
        {canAssign ? (
          <Select
            label={t('inbox.assignLabel')}
            data={options}
            value={item.assignee?.id ?? NOBODY}
            onChange={(v) => onAssign(v || null)}
            allowDeselect={false}
            disabled={busy}
            size="sm"
            w={{ base: '100%', xs: 260 }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {item.assignee ? t('inbox.assignedTo', { name: item.assignee.username }) : t('inbox.unassigned')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
