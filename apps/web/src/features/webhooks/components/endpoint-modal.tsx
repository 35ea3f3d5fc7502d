import { WEBHOOK_EVENT_TYPES, ZCreateWebhookEndpointRequest, type WebhookEventType } from '@centinela/shared';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateEndpoint } from '../api/create-endpoint.ts';

type Props = { opened: boolean; onClose: () => void; onCreated: (secret: string) => void };

/** A new endpoint: URL, description, events; validated with the server's schema. */
export function EndpointModal({ opened, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const close = () => {
    setUrl('');
    setDescription('');
    setEvents([]);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const input = { url: url.trim(), description: description.trim() || undefined, events };
    const parsed = ZCreateWebhookEndpointRequest.safeParse(input);
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field);
      setErrors({
        url: issue('url') && t('webhooks.validation.url'),
        events: issue('events') && t('webhooks.validation.events'),
      });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        close();
        onCreated(created.secret);
      },
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('webhooks.createTitle')} centered size="lg">
      <Stack>
        <TextInput
          label={t('webhooks.fields.url')}
          placeholder={t('webhooks.fields.urlPlaceholder')}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
          required
        />
        <TextInput
          label={t('webhooks.fields.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={200}
        />
        <Checkbox.Group
          label={t('webhooks.fields.events')}
          value={events}
          onChange={(v) => setEvents(v as WebhookEventType[])}
          error={errors.events}
          required
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`webhooks.events.${type}`)} description={type} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('webhooks.cancel')}
          </Button>
          <Button loading={create.isPending} onClick={submit}>
            {t('webhooks.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
