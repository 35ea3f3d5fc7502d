import { COUNTRIES, type Country } from '@centinela/shared';

/** A country the product serves (SPEC §3), e.g. for a page's validity check. */
export function isCountry(value: string | undefined): value is Country {
  return (COUNTRIES as readonly string[]).includes(value ?? '');
}
