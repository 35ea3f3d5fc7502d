import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SolReportView } from '../components/sol-report-view.tsx';
import { sampleReferenceCheck } from '../utils/sample-report.ts';

describe('Sol report view', { timeout: 30_000 }, () => {
  it('shows the timeline, references and summary; an evidence link seeks the player and highlights the passage', async () => {
    const check = sampleReferenceCheck('en');
    const resolve = vi.fn();
    const withSignal = {
      ...check,
      fraudSignals: [
        {
          id: 'phone_is_candidate-1',
          kind: 'phone_is_candidate' as const,
          level: 'high' as const,
          referenceIds: [],
          params: { phone: '+573005550101' },
          resolvedAt: null,
          resolvedBy: null,
        },
      ],
    };
    render(
      <MemoryRouter>
        <MantineProvider>
          <SolReportView
            check={withSignal}
            recordingUrl={async () => '/media/sol/demo-call-en.ogg'}
            onResolve={resolve}
          />
        </MantineProvider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('sol-status').textContent).toBe('Completed');
    expect(screen.getAllByTestId('sol-reference-row')).toHaveLength(2);
    const audio = (await waitFor(() => screen.getByTestId('sol-audio'))) as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/media/sol/demo-call-en.ogg');
    vi.spyOn(audio, 'play').mockResolvedValue(undefined);

    const card = screen.getAllByTestId('sol-summary-card').find((c) => c.dataset.field === 'employmentDates')!;
    const link = within(card).getByTestId('sol-evidence');
    const index = Number(link.dataset.segment);
    const start = check.references[0]!.segments[index]!.start;
    expect(link.textContent).toMatch(/^Hear it at 00:\d\d$/);
    fireEvent.click(link);
    expect(audio.currentTime).toBeCloseTo(start, 1);
    expect(
      document
        .querySelector(`[data-testid="sol-transcript-segment"][data-segment="${index}"]`)
        ?.getAttribute('data-active'),
    ).toBe('true');

    // The second reference's report replaces the first.
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByText('Selected reference: David Chen')).toBeTruthy();

    expect(screen.getByTestId('sol-fraud').textContent).toContain(
      "The reference's phone +573005550101 is the candidate's own number.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark resolved' }));
    expect(resolve).toHaveBeenCalledWith('phone_is_candidate-1');
  });
});
