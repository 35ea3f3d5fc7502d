import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { json } from '../../../testing/fetch-stub.ts';
import { buildProfile, counts, listQueries, PAGE_LOAD, signedInWithProfiles } from './profiles-fixtures.ts';

describe('profile list filters ↔ URL', { timeout: 15_000 }, () => {
  it('reads the filters from the URL and sends them, with the page country, to the API', async () => {
    const requests = signedInWithProfiles([buildProfile({ name: 'Ana Gómez' })]);
    renderApp('/persons/co?status=PASSED,FAILED&q=ana&createdAs=csv&sort=name&order=asc&country=mx');
    expect(await screen.findByRole('link', { name: 'Ana Gómez' }, PAGE_LOAD)).toBeTruthy();
    const query = listQueries(requests).at(-1)!;
    expect(query.get('status')).toBe('FAILED,PASSED');
    // The page's country wins over a country in the search params.
    expect(query.get('country')).toBe('co');
    expect(query.get('q')).toBe('ana');
    expect(query.get('createdAs')).toBe('csv');
    expect(query.get('sort')).toBe('name');
    expect(query.get('order')).toBe('asc');
    expect((screen.getByRole('checkbox', { name: /^Passed · / }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^Failed · / }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ana');
  });

  it('writes a status chip and a search to the URL, and refetches with them', async () => {
    const requests = signedInWithProfiles([buildProfile()]);
    const { router } = renderApp('/');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Pending manual review · / }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=PENDING_MANUAL_REVIEW'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'rojas' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=PENDING_MANUAL_REVIEW&q=rojas'));
    await waitFor(() => expect(listQueries(requests).at(-1)?.get('q')).toBe('rojas'));
    const last = listQueries(requests).at(-1)!;
    expect(last.get('status')).toBe('PENDING_MANUAL_REVIEW');
    expect(last.has('country')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('drops unknown values from a hand-edited URL instead of failing', async () => {
    const requests = signedInWithProfiles([buildProfile()]);
    renderApp('/?status=NOPE,PASSED&createdAs=fax&pipeline=x&from=yesterday');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    const query = listQueries(requests).at(-1)!;
    expect([...query.keys()].sort()).toEqual(['limit', 'order', 'sort', 'status']);
    expect(query.get('status')).toBe('PASSED');
  });
});

describe('date range filter', () => {
  it("is the browser's own date fields, written to the URL as days", async () => {
    signedInWithProfiles([buildProfile()]);
    const { router } = renderApp('/');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    const from = screen.getByLabelText('Created from') as HTMLInputElement;
    expect(from.type).toBe('date');
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01'));
    fireEvent.change(screen.getByLabelText('Created until'), { target: { value: '2026-11-03' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-03'));
    expect((screen.getByLabelText('Created until') as HTMLInputElement).min).toBe('2026-11-01');
  });

  it('turns local days into instants, the end day inclusive', async () => {
    const { toApiFilter, parseListState } = await import('../utils/filters.ts');
    const filter = toApiFilter(parseListState(new URLSearchParams('from=2026-11-01&to=2026-11-01')));
    expect(filter.createdFrom).toBe(new Date(2026, 10, 1).toISOString());
    expect(filter.createdTo).toBe(new Date(2026, 10, 2).toISOString());
  });
});

describe('status chips', () => {
  it('are there before the counts, with "…" for the figures, so nothing moves when the counts arrive', async () => {
    let answer: (response: Response) => void = () => undefined;
    const later = new Promise<Response>((resolve) => (answer = resolve));
    signedInWithProfiles([buildProfile()], { 'GET /api/v1/profiles/counts': () => later });
    renderApp('/');
    const passed = await screen.findByRole('checkbox', { name: 'Passed · …' }, PAGE_LOAD);
    expect(passed.closest('[role="group"]')?.getAttribute('aria-busy')).toBe('true');
    answer(json(200, counts(7, { PASSED: 7 })));
    const counted = await screen.findByRole('checkbox', { name: 'Passed · 7' });
    expect(counted.closest('[role="group"]')?.getAttribute('aria-busy')).toBe('false');
  });
});
