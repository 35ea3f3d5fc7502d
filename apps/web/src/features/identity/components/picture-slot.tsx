import { QUICK_PROBLEM_TEXTS, type QuickProblemCode } from '@centinela/shared';
import { Alert, Button, FileButton, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { emptySlot, nextAttempt, slotReducer, type CheckAnswer, type SlotState } from '../utils/capture.ts';

type PictureSlotProps = {
  /** What to photograph ("Front of the document"). */
  label: string;
  /** How ("Lay it flat, fill the frame"). */
  hint: string;
  /** The phone's camera to open: the back one for a document, the front one for a selfie. */
  capture: 'environment' | 'user';
  /** Sends the picture, as its `attempt`-th try, to the server's quick check. */
  check: (file: File, attempt: number) => Promise<CheckAnswer>;
  /** Told every change of the slot's state; a stable function. */
  onChange: (state: SlotState) => void;
  /** How many tries before a failing picture is taken anyway. */
  maxTries: number;
  disabled?: boolean;
  /** Marks the slot as still needed (the candidate tried to send the form). */
  missing?: string | null;
  testId?: string;
};

const objectUrl = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

/** What to do about one quick-check problem, in the page's language (the server's words for an unknown code). */
function problemText(code: string, message: string, locale: 'en' | 'es' | 'pt'): string {
  return QUICK_PROBLEM_TEXTS[code as QuickProblemCode]?.[locale] ?? message;
}

/** A refusal that says nothing about the picture (the server could not check it now): the same one may go again. */
const canSendAgain = (error: unknown) => isApiError(error) && error.status === 503;

/**
 * One picture of the identity step: a button that opens the camera on a phone (a file chooser on a
 * desktop), the picture's preview, progress while the server checks it, and what to do when it fails.
 */
export function PictureSlot({
  label,
  hint,
  capture,
  check,
  onChange,
  maxTries,
  disabled,
  missing,
  testId,
}: PictureSlotProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, dispatch] = useReducer(slotReducer, emptySlot);
  const id = useId();
  const resetRef = useRef<() => void>(null);
  // `onChange` must be stable (the step makes one per picture once).
  useEffect(() => onChange(state), [state, onChange]);
  // Each preview's object URL is let go once another replaces it, and when the step leaves.
  useEffect(() => () => void (state.preview && URL.revokeObjectURL?.(state.preview)), [state.preview]);

  // The picture last sent: the engine being busy asks for the same one again, not a new photo.
  const lastFile = useRef<File | null>(null);
  const send = async (file: File) => {
    lastFile.current = file;
    const attempt = nextAttempt(state);
    dispatch({ type: 'picked', preview: objectUrl(file) });
    try {
      dispatch({ type: 'checked', answer: await check(file, attempt) });
    } catch (error) {
      dispatch({ type: 'failed', error });
    }
  };
  const pick = async (file: File | null) => {
    // The same file chosen twice must still fire a change.
    resetRef.current?.();
    if (file) await send(file);
  };
  const busy = state.status === 'checking';
  const action =
    state.status === 'empty'
      ? t('identity.capture.take')
      : state.status === 'accepted'
        ? t('identity.capture.replace')
        : t('identity.capture.retake');
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby={`${id}-label`}
      data-testid={testId}
      data-state={state.status}
      style={missing ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} id={`${id}-label`}>
              {label}
            </Text>
            <Text size="sm" c="dimmed" id={`${id}-hint`}>
              {hint}
            </Text>
          </Stack>
          {state.status === 'accepted' && (
            <Text size="sm" c={state.forced ? 'blue' : 'green'} fw={600} style={{ whiteSpace: 'nowrap' }}>
              {state.forced ? t('identity.capture.statusReview') : t('identity.capture.statusOk')}
            </Text>
          )}
        </Group>
        {state.preview && (
          <Image
            src={state.preview}
            alt={t('identity.capture.preview', { what: label })}
            radius="sm"
            h={180}
            w="auto"
            maw="100%"
            fit="contain"
            style={{ alignSelf: 'flex-start', opacity: busy ? 0.6 : 1 }}
          />
        )}
        {busy && (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm">{t('identity.capture.checking')}</Text>
          </Group>
        )}
        {state.status === 'retake' && (
          <Alert color="orange" role="alert" title={t('identity.capture.retakeTitle')} data-testid="picture-problems">
            <Stack gap={4}>
              {state.problems.map((p) => (
                <Text size="sm" key={p.code}>
                  {problemText(p.code, p.message, locale)}
                </Text>
              ))}
              <Text size="xs">{t('identity.capture.triesLeft', { count: Math.max(1, maxTries - state.tries) })}</Text>
            </Stack>
          </Alert>
        )}
        {state.status === 'accepted' && state.forced && (
          <Alert color="blue" role="status">
            {t('identity.capture.acceptedForReview')}
          </Alert>
        )}
        {state.status === 'error' && (
          <Alert color="red" role="alert" data-testid="picture-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(t, state.error)}</Text>
              {canSendAgain(state.error) && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  disabled={disabled}
                  onClick={() => lastFile.current && void send(lastFile.current)}
                >
                  {t('identity.capture.sendAgain')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {missing && state.status !== 'accepted' && (
          <Text size="sm" c="red" role="alert">
            {missing}
          </Text>
        )}
        <FileButton resetRef={resetRef} onChange={(f) => void pick(f)} accept="image/*" capture={capture}>
          {(props) => (
            <Button
              {...props}
              variant={state.status === 'accepted' ? 'default' : 'filled'}
              loading={busy}
              disabled={disabled}
              aria-label={`${action}: ${label}`}
              aria-describedby={`${id}-hint`}
              fullWidth
            >
              {action}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
