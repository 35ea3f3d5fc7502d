import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { WorkspaceSummary } from '../workspace-summary.tsx';

const today = new Date(2026, 2, 5, 12);

describe('workspace summary (home)', () => {
  it('formats the date, the country list and the plural in English', () => {
    render(
      <MantineProvider>
        <WorkspaceSummary countries={['mx', 'co']} locale="en" today={today} />
      </MantineProvider>,
    );
    expect(screen.getByText('Today is Thursday, March 5, 2026')).toBeTruthy();
    expect(screen.getByText('You work in 2 countries')).toBeTruthy();
    expect(screen.getByText('Countries: Mexico and Colombia')).toBeTruthy();
  });

  it('speaks Spanish: dates, singular and country names', async () => {
    await i18n.changeLanguage('es');
    render(
      <MantineProvider>
        <WorkspaceSummary countries={['pe', 'xx']} locale="es" today={today} />
      </MantineProvider>,
    );
    expect(screen.getByText('Hoy es jueves, 5 de marzo de 2026')).toBeTruthy();
    expect(screen.getByText('Trabaja en 1 país')).toBeTruthy();
    expect(screen.getByText('Países: Perú')).toBeTruthy();
  });
});
