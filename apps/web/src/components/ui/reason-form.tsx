import { Alert, Button, Group, Stack, Textarea, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { useRequiredText } from '../../lib/use-required-text.ts';

type SafeParser = Parameters<typeof useRequiredText>[0];

type ReasonFormProps = {
  /** The server's own request schema and the field in it that holds the text (required, with its limit). */
  schema: SafeParser;
  field: string;
  /** The longest text the schema accepts; the textarea stops there. */
  maxLength: number;
  label: string;
  hint: string;
  submitLabel: string;
  cancelLabel: string;
  pending: boolean;
  onSubmit: (text: string) => void;
  onCancel: () => void;
  /** A failed send, shown above the buttons in the reader's language. */
  error?: unknown;
  /** The buttons' size (the form's own default when left out). */
  size?: MantineSize;
  /** Take the focus when shown (inside a modal, which focuses its first `data-autofocus` field). */
  autoFocus?: boolean;
};

/**
 * A required free-text reason (a legal hold's, a correction's answer): one textarea checked by the
 * server's schema, a cancel and a submit button. The text is sent trimmed, and only once the schema accepts it.
 */
export function ReasonForm({
  schema,
  field,
  maxLength,
  label,
  hint,
  submitLabel,
  cancelLabel,
  pending,
  onSubmit,
  onCancel,
  error,
  size,
  autoFocus,
}: ReasonFormProps) {
  const { t } = useTranslation();
  const reason = useRequiredText(schema, field, label);
  return (
    <form onSubmit={reason.onSubmit(onSubmit)} noValidate>
      <Stack gap="xs">
        <Textarea
          {...reason.inputProps}
          description={hint}
          maxLength={maxLength}
          withAsterisk
          autosize
          minRows={2}
          data-autofocus={autoFocus || undefined}
        />
        {error != null && (
          <Alert color="red" role="alert">
            {errorMessage(t, error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size={size} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" size={size} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
