import type { Country } from '@centinela/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useCredits } from '../../features/credits/api/get-credits.ts';
import { getNavbarMetricsQueryOptions } from '../../features/metrics/api/get-navbar-metrics.ts';
import { CsvImportScreen } from '../../features/csv-import/components/csv-import-screen.tsx';
import { usePipelines } from '../../features/pipelines/api/get-pipelines.ts';
import { isCountry } from '../../lib/country.ts';
import { countryName } from '../../lib/format.ts';
import { localizePath } from '../../lib/locale.ts';
import { AppError } from '../../lib/normalize-error.ts';
import { useLocale } from '../../lib/use-locale.ts';

/** The page's validity check: a country reports can run in (not the `xx` placeholder). */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isCountry(params.country) || params.country === 'xx') throw new AppError(404);
  return null;
}

/** /persons/:country/upload — the CSV batch upload wizard (SPEC §2, §4) for one country's persons. */
export function Component() {
  const country = useParams().country as Exclude<Country, 'xx'>;
  const locale = useLocale();
  const pipelines = usePipelines(country);
  const { data: user } = useUser();
  const { data: credits } = useCredits({ enabled: user?.owner?.plan === 'free' });
  // Whether the owner requires a consent attestation for the file's persons.
  const navbar = useQuery(getNavbarMetricsQueryOptions());
  return (
    <CsvImportScreen
      country={country}
      countryName={countryName(country, locale) ?? country}
      pipelines={pipelines.data?.items ?? []}
      listPath={localizePath(paths.persons(country), locale)}
      creditBalance={credits?.limited ? credits.creditsAvailable : null}
      consentRequired={navbar.data?.consentAttestationRequired ?? false}
    />
  );
}
