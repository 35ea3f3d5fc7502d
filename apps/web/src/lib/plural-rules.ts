import type { i18n as I18n } from 'i18next';

/**
 * Brazilian Portuguese says "0 pessoas", but CLDR's `pt` puts 0 with 1 in the "one" form ("0 pessoa"). The
 * European rules (`pt-PT`: one is exactly 1; many for round millions) have the same forms and match how the
 * product's Portuguese counts, so the `pt` catalogue is counted by them.
 */
export function countZeroAsPlural(i18n: I18n): void {
  const resolver = i18n.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
  };
  const rule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => rule(code === 'pt' ? 'pt-PT' : code, options);
}
