import type { TWatchlistSettings } from '@centinela/shared';
import { Button, Group, Paper, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { formatScore } from '../utils/format.ts';

/** A manager's settings: the score a name match needs to be shown for review, and monitoring every person. */
export function SettingsPanel({ settings, ownerId }: { settings: TWatchlistSettings; ownerId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateSettings();
  const [threshold, setThreshold] = useState(settings.reviewThreshold);
  const [monitorAll, setMonitorAll] = useState(settings.monitorAll);
  const changed = threshold !== settings.reviewThreshold || monitorAll !== settings.monitorAll;
  const save = () =>
    update.mutate(
      { ownerId, reviewThreshold: threshold, monitorAll },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('watchlists.settings.saved') }),
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
      },
    );
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="watchlist-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="watchlist-settings-title">
          {t('watchlists.settings.title')}
        </Title>
        <div>
          <Group justify="space-between">
            <Text size="sm" fw={500} id="watchlist-threshold-label">
              {t('watchlists.settings.threshold')}
            </Text>
            <Text size="sm" fw={700} data-testid="watchlist-threshold">
              {formatScore(threshold, locale)}
            </Text>
          </Group>
          <Slider
            min={0.5}
            max={1}
            step={0.01}
            value={threshold}
            onChange={setThreshold}
            label={(v) => formatScore(v, locale)}
            thumbLabel={t('watchlists.settings.threshold')}
            marks={[0.5, 0.75, 1].map((v) => ({ value: v, label: formatScore(v, locale) }))}
            mb="lg"
          />
          <Text size="xs" c="dimmed">
            {t('watchlists.settings.thresholdHelp')}
          </Text>
        </div>
        <Switch
          checked={monitorAll}
          onChange={(e) => setMonitorAll(e.currentTarget.checked)}
          label={t('watchlists.settings.monitorAll')}
          description={t('watchlists.settings.monitorAllHelp')}
        />
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} disabled={!changed}>
            {t('watchlists.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
