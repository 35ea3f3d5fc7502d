import { LOCALES, type Locale } from '@centinela/shared';
import type { ShellInput } from '@centinela/shared/shell/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AppShell } from '../app/layouts/default-layout.tsx';
import { Component as Home } from '../app/routes/home.tsx';
import { PersonsPage } from '../app/routes/person.tsx';
import { UiProvider } from '../app/ui-provider.tsx';
import { userQueryKey } from '../features/auth/api/get-user.ts';
import i18n from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { FontStrikes } from './font-strikes.tsx';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pt from '../locales/pt.json';

const catalogues: Record<Locale, Record<string, unknown>> = { en, es, pt };
// Whole, in the app's own instance: what translates outside React (lib/format.ts's country names) reads it.
for (const locale of LOCALES) i18n.addResourceBundle(locale, 'translation', catalogues[locale], true, true);
/** One instance per language, sharing those catalogues. */
const instances = new Map<Locale, I18n>();
function instanceFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) instances.set(locale, (instance = i18n.cloneInstance({ lng: locale, initAsync: false })));
  return instance;
}

/** The HTML of a persons list page's frame for `user`, before any of its data. */
export function renderShell({ pathname, search, locale, user, country }: ShellInput): string {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <UiProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`${pathname}${search}`]}>
            <AppShell>
              <div data-transition="page">{country ? <PersonsPage country={country} /> : <Home />}</div>
            </AppShell>
            <FontStrikes />
          </MemoryRouter>
        </QueryClientProvider>
      </UiProvider>
    </I18nextProvider>,
  );
}
