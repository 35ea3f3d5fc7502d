import type { Country } from '@centinela/shared';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { isCountry } from '../../lib/country.ts';
import { AppError } from '../../lib/normalize-error.ts';
import { isProfileId, PersonsPage } from './person.tsx';

/**
 * The page's validity check: an unknown country is the 404 page (SPEC §2). '/persons/<uuid>' also lands
 * here (the routes cannot tell a country from an id): it is the person route with its country left out.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isCountry(params.country) && !isProfileId(params.country)) throw new AppError(404);
  return null;
}

/** /persons/:country — the persons (candidates and pre-candidates) of one country; or /persons/:id. */
export function Component() {
  const param = useParams().country ?? '';
  if (isProfileId(param)) return <PersonsPage openId={param} />;
  return <PersonsPage country={param as Country} />;
}
