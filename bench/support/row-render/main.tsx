/**
 * The page bench/row-render.ts builds (production React, the app's build plugins) and opens in Chromium:
 * `window.renderRows(kind)` mounts a page of PAGE_SIZE persons in a table, synchronously, lays the page out,
 * unmounts it, and says how long the mount and the layout took. `rows`: the persons list's own rows
 * (ProfileRow, in the table ProfileTable draws); `bare`: the same texts as bare table
 * elements rendered by React (the anchor: what any page of 50 rows costs, with no component around it).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { PROFILE_STATUSES, type TProfileSummary } from '@centinela/shared';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { UiProvider } from '../../../apps/web/src/app/ui-provider.tsx';
import { ProfileRow, useRowLabels } from '../../../apps/web/src/features/profiles/components/profile-row.tsx';
import classes from '../../../apps/web/src/features/profiles/components/profile-row.module.css';
import { DATE_TIME } from '../../../apps/web/src/lib/date-formats.ts';
import { countryName, formatDate } from '../../../apps/web/src/lib/format.ts';
import i18n, { i18nReady, loadCatalogue } from '../../../apps/web/src/lib/i18n.ts';

export const PAGE_SIZE = 50;
const COUNTRIES = ['co', 'mx', 'pe', 'cl', 'ar', 'br', 'ec', 'gt', 'cr'] as const;

const persons: TProfileSummary[] = Array.from({ length: PAGE_SIZE }, (_, n) => {
  const at = new Date(Date.UTC(2026, 10, 25, 17, 45) - n * 3_600_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    country: COUNTRIES[n % COUNTRIES.length]!,
    documentType: 'national_id',
    documentId: String(1020304050 + n),
    name: `Persona de Prueba Número ${n + 1}`,
    email: n % 3 === 0 ? null : `persona${n + 1}@example.org`,
    phone: n % 3 === 0 ? '+573001234567' : null,
    status: PROFILE_STATUSES[n % PROFILE_STATUSES.length]!,
    createdAs: n % 2 ? 'dashboard' : 'api',
    pipelineId: null,
    manuallyReviewed: false,
    outcome: null,
    createdAt: at,
    updatedAt: at,
  } as TProfileSummary;
});
const noop = () => undefined;

function Rows() {
  // As ProfileTable does, once per page (the row took no labels before the change).
  const labels = useRowLabels();
  return (
    <table className={classes.table}>
      <tbody>
        {persons.map((p, index) => (
          <ProfileRow
            key={p.id}
            index={index}
            profile={p}
            href={`/persons/${p.country}/${p.id}`}
            selected={index % 7 === 0}
            alerted={index % 11 === 0}
            onToggle={noop}
            labels={labels}
          />
        ))}
      </tbody>
    </table>
  );
}

function Bare() {
  const t = i18n.t.bind(i18n);
  return (
    <table>
      <tbody>
        {persons.map((p, index) => (
          <tr key={p.id} aria-rowindex={index + 2}>
            <td>
              <input type="checkbox" aria-label={p.name} readOnly checked={index % 7 === 0} />
            </td>
            <td>
              <a href={`/persons/${p.country}/${p.id}`}>{p.name}</a>
              <div>{p.email ?? p.phone ?? ''}</div>
            </td>
            <td>
              <div>{p.documentId}</div>
              <div>{t(`profiles.documentTypes.${p.documentType}`)}</div>
            </td>
            <td>{countryName(p.country, 'en')}</td>
            <td>
              <span>{t(`profiles.status.${p.status}`)}</span>
              {index % 11 === 0 && <span>{t('profiles.list.watchlistAlert')}</span>}
            </td>
            <td>{t(`profiles.createdAs.${p.createdAs}`)}</td>
            <td>{formatDate(p.createdAt, 'en', DATE_TIME)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

declare global {
  interface Window {
    benchReady: Promise<void>;
    renderRows: (kind: 'rows' | 'bare') => { ms: number; rows: number };
  }
}

/** The providers stay mounted between runs (the app's are mounted once): only the rows come and go. */
function Page({ kind }: { kind: 'rows' | 'bare' | null }) {
  return (
    <MemoryRouter>
      <UiProvider>{kind === 'rows' ? <Rows /> : kind === 'bare' ? <Bare /> : null}</UiProvider>
    </MemoryRouter>
  );
}

const root = createRoot(document.getElementById('root')!);

window.benchReady = (async () => {
  await i18nReady;
  await loadCatalogue('app');
  flushSync(() => root.render(<Page kind={null} />));
})();

window.renderRows = (kind) => {
  const start = performance.now();
  flushSync(() => root.render(<Page kind={kind} />));
  // Style and layout of what was mounted, as the browser does before the next paint.
  void document.body.getBoundingClientRect().height;
  const ms = performance.now() - start;
  const rows = document.querySelectorAll('tbody tr').length;
  flushSync(() => root.render(<Page kind={null} />));
  return { ms, rows };
};
