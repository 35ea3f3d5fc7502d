import { LOCALE_TAGS, type TListProfileViewsResponse, type TProfileView } from '@centinela/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { DATE_TIME } from '../../../lib/date-formats.ts';
import { buildDetail, counts, PAGE_LOAD } from './profiles-fixtures.ts';

const profile = buildDetail({ name: 'Sebastián Rojas' });
const VIEWS = `GET /api/v1/profiles/${profile.id}/views`;

const view = (overrides: Partial<TProfileView> = {}): TProfileView => ({
  id: crypto.randomUUID(),
  at: '2026-11-20T15:04:00.000Z',
  lastAt: '2026-11-20T15:04:00.000Z',
  count: 1,
  what: 'profile',
  channel: 'dashboard',
  viewer: { userId: crypto.randomUUID(), apiKeyId: null, label: 'laura@empresa.co' },
  ...overrides,
});
const page = (items: TProfileView[], total = items.length): TListProfileViewsResponse => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

/** A signed-in user with these scopes, the person's flyout data, and `views` answering the list. */
function signedIn(scope: string[], views: Parameters<typeof stubApi>[0][string]) {
  storeTokens(buildTokens());
  const user = buildUser({ availableCountries: ['co'], scope: ['profiles:read', ...scope] });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/profiles': () => json(200, { items: [], nextCursor: null }),
    'GET /api/v1/profiles/counts': () => json(200, counts(0)),
    'GET /api/v1/pipelines': () => json(200, { items: [] }),
    'GET /api/v1/uploads': () => json(200, { items: [] }),
    [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile),
    [VIEWS]: views,
  });
}

const at = (iso: string, lang: 'en' | 'es' | 'pt') =>
  new Intl.DateTimeFormat(LOCALE_TAGS[lang], DATE_TIME).format(new Date(iso));

async function section() {
  const flyout = await screen.findByRole('dialog', { name: /Profile|Perfil/ }, PAGE_LOAD);
  await within(flyout).findByRole('heading', { name: 'Sebastián Rojas' });
  return flyout;
}

describe('who viewed this person', { timeout: 15_000 }, () => {
  it('lists each view for a manager: when in the reader’s locale, who, through which channel, what', async () => {
    signedIn(['users:manage'], () =>
      json(
        200,
        page([
          view({ what: 'export', count: 3, lastAt: '2026-11-20T15:09:00.000Z' }),
          view({
            what: 'recording',
            channel: 'api',
            at: '2026-11-19T09:30:00.000Z',
            lastAt: '2026-11-19T09:30:00.000Z',
            viewer: { userId: null, apiKeyId: crypto.randomUUID(), label: 'ATS integration' },
          }),
        ]),
      ),
    );
    renderApp(`/persons/${profile.id}`);
    const flyout = await section();
    const region = await within(flyout).findByRole('region', { name: 'Who viewed this person' });
    const rows = await within(region).findAllByTestId('profile-view');
    expect(rows.map((r) => r.textContent)).toEqual([
      `${at('2026-11-20T15:04:00.000Z', 'en')}3 times, last on ${at('2026-11-20T15:09:00.000Z', 'en')}laura@empresa.coDashboardExport`,
      `${at('2026-11-19T09:30:00.000Z', 'en')}ATS integrationAPICall recording`,
    ]);
  });

  it('says so when no one has viewed the person, in Spanish too', async () => {
    signedIn(['users:manage'], () => json(200, page([])));
    renderApp(`/es/persons/${profile.id}`);
    const flyout = await section();
    const region = await within(flyout).findByRole('region', { name: 'Quién vio a esta persona' });
    expect(await within(region).findByText('Nadie ha visto aún los datos de esta persona.')).toBeTruthy();
  });

  it('writes dates as pt-BR reads them', async () => {
    signedIn(['users:manage'], () => json(200, page([view({ what: 'file' })])));
    renderApp(`/pt/persons/${profile.id}`);
    const flyout = await section();
    const region = await within(flyout).findByRole('region', { name: 'Quem viu esta pessoa' });
    const [row] = await within(region).findAllByTestId('profile-view');
    expect(row!.textContent).toBe(`${at('2026-11-20T15:04:00.000Z', 'pt')}laura@empresa.coPainelDocumento`);
  });

  it('shows a failed load with a retry that loads the list', async () => {
    signedIn(
      ['users:manage'],
      [() => json(429, { code: 'rate_limited', message: 'Slow down' }), () => json(200, page([view()]))],
    );
    renderApp(`/persons/${profile.id}`);
    const flyout = await section();
    const region = await within(flyout).findByRole('region', { name: 'Who viewed this person' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Try again' }));
    expect(await within(region).findAllByTestId('profile-view')).toHaveLength(1);
  });

  it('is not there, and never asked for, without the right to see it', async () => {
    const requests = signedIn([], () => json(403, { code: 'forbidden', message: 'Forbidden' }));
    renderApp(`/persons/${profile.id}`);
    const flyout = await section();
    expect(within(flyout).queryByRole('region', { name: 'Who viewed this person' })).toBeNull();
    expect(requests.some((r) => new URL(r.url).pathname.endsWith('/views'))).toBe(false);
  });
});
