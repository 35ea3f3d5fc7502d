import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { SimplePage } from '../../components/ui/simple-page.tsx';
import { isCountry } from '../../lib/country.ts';
import { AppError } from '../../lib/normalize-error.ts';

/** The page's validity check: the country, when given, must be one we serve (SPEC §2). */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.country !== undefined && !isCountry(params.country)) throw new AppError(404);
  return null;
}

/** /persons/:country?/:id — one person's profile and reports. */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <SimplePage
      title={t('person.title', { id })}
      emptyTitle={t('person.emptyTitle')}
      emptyBody={t('person.emptyBody')}
    />
  );
}
