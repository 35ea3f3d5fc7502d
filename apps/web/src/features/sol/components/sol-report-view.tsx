import { formatClock, SOL_TIMELINE, type ReferenceCheck, type Reference } from '@centinela/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { evidenceSegment, segmentAt, summaryCards } from '../utils/evidence.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const LEVEL_COLOR = { low: 'gray', medium: 'orange', high: 'red' } as const;
const RESULT_COLOR = { match: 'green', mismatch: 'red', unknown: 'gray' } as const;

export type SolReportViewProps = {
  check: ReferenceCheck;
  /** The recording's playable URL (a blob URL for real checks, static media for the example). */
  recordingUrl: (reference: Reference) => Promise<string | null>;
  onDownloadRecording?: (reference: Reference) => void;
  onDownloadTranscript?: (reference: Reference) => void;
  onResolve?: (signalId: string) => void;
  resolving?: boolean;
};

/** Sol's report: timeline, references, the selected reference's summary, recording and transcript, cross-check, fraud. */
export function SolReportView({
  check,
  recordingUrl,
  onDownloadRecording,
  onDownloadTranscript,
  onResolve,
  resolving,
}: SolReportViewProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (v: string | null) => (v ? formatDate(v, locale, DATE_TIME) : t('sol.notAvailable'));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected =
    check.references.find((r) => r.id === selectedId) ??
    check.references.find((r) => r.status === 'completed') ??
    check.references[0] ??
    null;
  const ended = check.status === 'declined' || check.status === 'expired';
  const active = ended
    ? SOL_TIMELINE.indexOf('summarising')
    : SOL_TIMELINE.indexOf(check.status) + (check.status === 'completed' ? 1 : 0);

  return (
    <Stack gap="sm" data-testid="sol-report" data-status={check.status}>
      <Group justify="space-between">
        <Badge color={check.status === 'completed' ? 'green' : ended ? 'orange' : 'blue'} data-testid="sol-status">
          {t(`sol.statuses.${check.status}`)}
        </Badge>
        {!ended && check.status !== 'completed' && (
          <Text size="xs" c="dimmed">
            {t('sol.deadline', { date: when(check.deadlineAt) })}
          </Text>
        )}
      </Group>
      <Stepper
        active={active}
        size="xs"
        orientation="horizontal"
        allowNextStepsSelect={false}
        color={ended ? 'orange' : undefined}
      >
        {SOL_TIMELINE.map((s) => (
          <Stepper.Step key={s} label={t(`sol.statuses.${s}`)} />
        ))}
      </Stepper>
      {ended && <Alert color="orange">{t(`sol.statuses.${check.status}`)}</Alert>}

      <Title order={5}>{t('sol.references.title')}</Title>
      {check.references.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sol.references.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder fz="xs" data-testid="sol-references">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sol.references.name')}</Table.Th>
                <Table.Th>{t('sol.references.phone')}</Table.Th>
                <Table.Th>{t('sol.references.relationship')}</Table.Th>
                <Table.Th>{t('sol.references.status')}</Table.Th>
                <Table.Th>{t('sol.references.attempts')}</Table.Th>
                <Table.Th>{t('sol.references.duration')}</Table.Th>
                <Table.Th>{t('sol.references.whatsapp')}</Table.Th>
                <Table.Th>{t('sol.references.called')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {check.references.map((r) => (
                <Table.Tr
                  key={r.id}
                  data-testid="sol-reference-row"
                  bg={r.id === selected?.id ? 'var(--mantine-color-blue-light)' : undefined}
                >
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.phone}</Table.Td>
                  <Table.Td>{r.relationship}</Table.Td>
                  <Table.Td>{t(`sol.referenceStatuses.${r.status}`)}</Table.Td>
                  <Table.Td>{r.callAttempts}</Table.Td>
                  <Table.Td>
                    {r.callDurationSeconds ? formatClock(r.callDurationSeconds) : t('sol.notAvailable')}
                  </Table.Td>
                  <Table.Td>{when(r.whatsappContactedAt)}</Table.Td>
                  <Table.Td>{when(r.calledAt)}</Table.Td>
                  <Table.Td>
                    {r.summary && r.id !== selected?.id && (
                      <Anchor component="button" type="button" size="xs" onClick={() => setSelectedId(r.id)}>
                        {t('sol.references.show')}
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {selected && (selected.summary || selected.segments.length > 0) && (
        <ReferenceDetail
          key={selected.id}
          reference={selected}
          recordingUrl={recordingUrl}
          onDownloadRecording={onDownloadRecording}
          onDownloadTranscript={onDownloadTranscript}
        />
      )}

      <CrossCheck check={check} />
      <FraudSignals check={check} onResolve={onResolve} resolving={resolving} when={when} />
    </Stack>
  );
}

type DetailProps = Pick<SolReportViewProps, 'recordingUrl' | 'onDownloadRecording' | 'onDownloadTranscript'> & {
  reference: Reference;
};

function ReferenceDetail({ reference, recordingUrl, onDownloadRecording, onDownloadTranscript }: DetailProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const transcript = useRef<HTMLDivElement>(null);
  const [loaded, setSrc] = useState<string | null | undefined>(undefined);
  const src = reference.hasRecording ? loaded : null;
  const [current, setCurrent] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    if (!reference.hasRecording) return;
    recordingUrl(reference).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [reference, recordingUrl]);

  const jump = (index: number, start: number) => {
    setCurrent(index);
    const player = audio.current;
    if (player) {
      player.currentTime = start;
      void player.play().catch(() => undefined);
    }
    transcript.current
      ?.querySelector(`[data-segment="${index}"]`)
      ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };

  return (
    <Paper withBorder p="sm" data-testid="sol-reference-detail">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('sol.references.selected', { name: reference.name })}
        </Text>
        <Title order={5}>{t('sol.recording.title')}</Title>
        {src === undefined && (
          <Text size="xs" c="dimmed">
            {t('sol.recording.loading')}
          </Text>
        )}
        {src === null && (
          <Text size="xs" c="dimmed">
            {t('sol.recording.unavailable')}
          </Text>
        )}
        {src && (
          // A transcript follows below: it is the recording's text.
          <audio
            ref={audio}
            src={src}
            controls
            preload="metadata"
            style={{ width: '100%' }}
            data-testid="sol-audio"
            onTimeUpdate={(e) => setCurrent(segmentAt(reference.segments, e.currentTarget.currentTime))}
          />
        )}
        <Group gap="xs" className="no-print">
          {src && onDownloadRecording && (
            <Button size="compact-xs" variant="default" onClick={() => onDownloadRecording(reference)}>
              {t('sol.recording.download')}
            </Button>
          )}
          {reference.segments.length > 0 && onDownloadTranscript && (
            <Button size="compact-xs" variant="default" onClick={() => onDownloadTranscript(reference)}>
              {t('sol.transcript.download')}
            </Button>
          )}
        </Group>

        {reference.summary && (
          <>
            <Title order={5}>{t('sol.summary.title')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="sol-summary">
              {summaryCards(reference).map(({ field, text }) => {
                const evidence = evidenceSegment(reference, field);
                return (
                  <Paper key={field} withBorder p="xs" data-testid="sol-summary-card" data-field={field}>
                    <Text size="xs" c="dimmed">
                      {t(`sol.summary.fields.${field}`)}
                    </Text>
                    <Text size="sm">{text}</Text>
                    {evidence && (
                      <Anchor
                        component="button"
                        type="button"
                        size="xs"
                        data-testid="sol-evidence"
                        data-segment={evidence.index}
                        onClick={() => jump(evidence.index, evidence.segment.start)}
                      >
                        {t('sol.summary.evidence', { time: formatClock(evidence.segment.start) })}
                      </Anchor>
                    )}
                  </Paper>
                );
              })}
            </SimpleGrid>
          </>
        )}

        <Title order={5}>{t('sol.transcript.title')}</Title>
        {reference.segments.length === 0 && !reference.transcript && (
          <Text size="xs" c="dimmed">
            {t('sol.transcript.empty')}
          </Text>
        )}
        {/* A scrolling box: focusable, so a keyboard can scroll it (axe scrollable-region-focusable). */}
        <Stack
          gap={4}
          ref={transcript}
          mah={320}
          style={{ overflowY: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={t('sol.transcript.title')}
          data-testid="sol-transcript"
        >
          {reference.segments.map((s, i) => (
            <Group
              key={i}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              data-segment={i}
              data-testid="sol-transcript-segment"
              data-active={i === current ? 'true' : 'false'}
              bg={i === current ? 'var(--mantine-color-yellow-light)' : undefined}
              p={2}
            >
              <Anchor component="button" type="button" size="xs" c="dimmed" onClick={() => jump(i, s.start)}>
                {formatClock(s.start)}
              </Anchor>
              <Text size="xs" fw={700} miw={90}>
                {s.speaker === 'sol' ? t('sol.transcript.sol') : reference.name}
              </Text>
              <Text size="xs">{s.text}</Text>
            </Group>
          ))}
          {reference.segments.length === 0 && reference.transcript && (
            <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {reference.transcript}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function CrossCheck({ check }: { check: ReferenceCheck }) {
  const { t } = useTranslation();
  const nameOf = (id: string) => check.references.find((r) => r.id === id)?.name ?? '';
  return (
    <Stack gap="xs" data-testid="sol-cross-check">
      <Title order={5}>{t('sol.crossCheck.title')}</Title>
      {check.crossCheck.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('sol.crossCheck.none')}
        </Text>
      ) : (
        <Table withTableBorder fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sol.references.name')}</Table.Th>
              <Table.Th>{t('sol.crossCheck.field')}</Table.Th>
              <Table.Th>{t('sol.crossCheck.claimed')}</Table.Th>
              <Table.Th>{t('sol.crossCheck.stated')}</Table.Th>
              <Table.Th>{t('sol.crossCheck.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {check.crossCheck.map((c) => (
              <Table.Tr key={`${c.referenceId}-${c.field}`} data-result={c.result}>
                <Table.Td>{nameOf(c.referenceId)}</Table.Td>
                <Table.Td>{t(`sol.crossCheck.fields.${c.field}`)}</Table.Td>
                <Table.Td>{c.claimed ?? t('sol.notAvailable')}</Table.Td>
                <Table.Td>{c.stated ?? t('sol.notAvailable')}</Table.Td>
                <Table.Td>
                  <Badge size="xs" color={RESULT_COLOR[c.result]}>
                    {t(`sol.crossCheck.results.${c.result}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function FraudSignals({
  check,
  onResolve,
  resolving,
  when,
}: {
  check: ReferenceCheck;
  onResolve?: (id: string) => void;
  resolving?: boolean;
  when: (v: string | null) => string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="sol-fraud">
      <Title order={5}>{t('sol.fraud.title')}</Title>
      {check.fraudSignals.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('sol.fraud.none')}
        </Text>
      )}
      {check.fraudSignals.map((s) => (
        <Paper
          key={s.id}
          withBorder
          p="xs"
          data-testid="sol-fraud-signal"
          data-kind={s.kind}
          data-resolved={s.resolvedAt ? 'true' : 'false'}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Badge color={LEVEL_COLOR[s.level]}>{t(`sol.fraud.levels.${s.level}`)}</Badge>
              <Text size="xs">
                {t(`sol.fraud.kinds.${s.kind}`, {
                  phone: String(s.params.phone ?? ''),
                  count: Number(s.params.count ?? 0),
                  company: String(s.params.company ?? ''),
                })}
              </Text>
            </Group>
            {s.resolvedAt ? (
              <Text size="xs" c="dimmed">
                {t('sol.fraud.resolved', { date: when(s.resolvedAt) })}
              </Text>
            ) : (
              onResolve && (
                <Button size="compact-xs" variant="default" loading={resolving} onClick={() => onResolve(s.id)}>
                  {t('sol.fraud.resolve')}
                </Button>
              )
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
