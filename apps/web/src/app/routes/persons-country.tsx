import type { Country } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { SimplePage } from '../../components/ui/simple-page.tsx';
import { isCountry } from '../../lib/country.ts';
import { countryName } from '../../lib/format.ts';
import { AppError } from '../../lib/normalize-error.ts';
import { useLocale } from '../../lib/use-locale.ts';

/** The page's validity check: an unknown country is the 404 page (SPEC §2). */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isCountry(params.country)) throw new AppError(404);
  return null;
}

/** /persons/:country — the persons (candidates and pre-candidates) of one country. */
export function Component() {
  const { t } = useTranslation();
  const locale = useLocale();
  const country = useParams().country as Country;
  const name = countryName(country, locale);
  return (
    <SimplePage
      title={name ? t('persons.title', { country: name }) : t('persons.titleNoCountry')}
      emptyTitle={t('persons.emptyTitle')}
      emptyBody={t('persons.emptyBody')}
    />
  );
}
