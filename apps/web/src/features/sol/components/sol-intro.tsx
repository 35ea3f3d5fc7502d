import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { demoCallUrl, introVideoUrl, sampleRecordingUrl, sampleReferenceCheck } from '../utils/sample-report.ts';
import { SolReportView } from './sol-report-view.tsx';

/** Sol's intro dialog (SPEC §2): the video, a demo call, and an example report from sample data. */
export function SolIntro({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLocale() === 'es' ? 'es' : 'en';
  const [example, setExample] = useState(false);
  const sample = sampleReferenceCheck(language);
  return (
    <>
      <Modal
        opened={opened && !example}
        onClose={onClose}
        title={t('sol.intro.title')}
        size="lg"
        data-testid="sol-intro"
      >
        <Stack gap="sm">
          <Text size="sm">{t('sol.intro.steps')}</Text>
          <Title order={6}>{t('sol.intro.video')}</Title>
          <video
            src={introVideoUrl(language)}
            controls
            preload="metadata"
            style={{ width: '100%' }}
            data-testid="sol-intro-video"
          >
            <track kind="captions" />
          </video>
          <Title order={6}>{t('sol.intro.demoCall')}</Title>
          {/* The example report below carries this call's transcript. */}
          <audio
            src={demoCallUrl(language)}
            controls
            preload="metadata"
            style={{ width: '100%' }}
            data-testid="sol-demo-call"
          />
          <Group justify="space-between">
            <Button variant="light" onClick={() => setExample(true)}>
              {t('sol.intro.exampleReport')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('sol.intro.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={opened && example}
        onClose={() => setExample(false)}
        title={t('sol.example.title')}
        size="xl"
        data-testid="sol-example"
      >
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {t('sol.example.note')}
          </Text>
          <SolReportView
            check={sample}
            recordingUrl={async (r) => sampleRecordingUrl(language, sample.references.indexOf(r))}
          />
        </Stack>
      </Modal>
    </>
  );
}
