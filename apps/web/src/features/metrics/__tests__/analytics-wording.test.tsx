import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { signedInWithMetrics } from './metrics-fixtures.ts';

// The status donut had no legend and the dates were ISO (2026-11-03) on Spanish pages.
const SLOW = { timeout: 10_000 };

const LANGUAGES = [
  {
    path: '/analytics',
    section: 'Status of persons',
    legend: ['Passed: 4 (66.7%)', 'Failed: 2 (33.3%)'],
    range: 'Dates',
  },
  {
    path: '/es/analytics',
    section: 'Estado de las personas',
    legend: ['Aprobado: 4 (66,7 %)', 'No aprobado: 2 (33,3 %)'],
    range: 'Fechas',
  },
  {
    path: '/pt/analytics',
    section: 'Status das pessoas',
    legend: ['Aprovado: 4 (66,7%)', 'Reprovado: 2 (33,3%)'],
    range: 'Datas',
  },
];

describe('analytics reads in the page’s language', () => {
  for (const { path, section, legend, range } of LANGUAGES) {
    it(path, { timeout: 20_000 }, async () => {
      signedInWithMetrics();
      renderApp(path);
      const statuses = await screen.findByRole('region', { name: section }, SLOW);
      const items = within(within(statuses).getByRole('list')).getAllByRole('listitem');
      expect(items.map((li) => li.textContent!.replace(/\s/g, ' '))).toEqual(legend);
      const dates = screen.getByRole('button', { name: range });
      expect(dates.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(dates.textContent).toMatch(/\d{4}/);
    });
  }
});
