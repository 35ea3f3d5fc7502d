import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import { foldText } from './names.ts';

/**
 * Spellings the publishers use that the ISO names (and their English and Spanish alternates) lack,
 * folded as foldText folds them. Former states (USSR, Yugoslavia, Serbia and Montenegro) and
 * territories with no ISO code (Kosovo) stay unmapped on purpose.
 */
const PUBLISHER_SPELLINGS: Record<string, string> = {
  burma: 'MM',
  'korea north': 'KP',
  'korea south': 'KR',
  'democratic peoples republic of korea': 'KP',
  dprk: 'KP',
  rpdc: 'KP',
  syria: 'SY',
  'iran islamic republic of': 'IR',
  palestinian: 'PS',
  'palestinian territories': 'PS',
  'palestinian authority': 'PS',
  'west bank': 'PS',
  gaza: 'PS',
  'gaza strip': 'PS',
  'bosnia herzegovina': 'BA',
  'bosina herzegovina': 'BA',
  'congo democratic republic of the': 'CD',
  drc: 'CD',
  'congo republic of the': 'CG',
  moldova: 'MD',
  macedonia: 'MK',
  'north macedonia the republic of': 'MK',
  'united kingdom of great britain and northern ireland': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  macau: 'MO',
  'cabo verde': 'CV',
  'man isle of': 'IM',
  'bahamas the': 'BS',
  'gambia the': 'GM',
  brunei: 'BN',
  laos: 'LA',
  'libyan arab jamahiriya': 'LY',
  'the philippines': 'PH',
  phillipines: 'PH',
  'the russian federation': 'RU',
  'cote d ivoire': 'CI',
  'sultanate of oman': 'OM',
  'st kitts and nevis': 'KN',
  'comoros islands': 'KM',
  'republic of serbia': 'RS',
  'united states of america': 'US',
  usa: 'US',
  // Demonyms the UN list writes where a country is meant (issuing countries of documents).
  afghan: 'AF',
  algerian: 'DZ',
  egyptian: 'EG',
  german: 'DE',
  iraqi: 'IQ',
  jordanian: 'JO',
  kuwaiti: 'KW',
  libyan: 'LY',
  moroccan: 'MA',
  pakistani: 'PK',
  qatari: 'QA',
  'saudi arabian': 'SA',
  syrian: 'SY',
  tunisian: 'TN',
  yemeni: 'YE',
};

countries.registerLocale(en);
countries.registerLocale(es);
countries.registerLocale(pt);

/**
 * Folded name → alpha-2, built once: every English and Spanish name and alternate, then the Portuguese ones
 * (Brazilian lists) where they name no other country, then the spellings above.
 */
const BY_NAME = new Map<string, string>();
for (const lang of ['en', 'es', 'pt']) {
  for (const [code, names] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
    for (const name of names) {
      const folded = foldText(name);
      if (lang !== 'pt' || !BY_NAME.has(folded)) BY_NAME.set(folded, code);
    }
  }
}
for (const [name, code] of Object.entries(PUBLISHER_SPELLINGS)) BY_NAME.set(name, code);

/** The ISO 3166 alpha-2 code of a country name as a list writes it, or undefined when it names none. */
export function countryCode(name: string): string | undefined {
  return BY_NAME.get(foldText(name));
}

/**
 * The country a place ends with: "Culiacan, Sinaloa, Mexico" → MX; tries the whole text, then each
 * shorter tail of its comma-separated parts, so "Pyongyang, Korea, North" finds "Korea, North".
 */
export function placeCountry(place: string): string | undefined {
  const parts = place.split(',');
  for (let start = 0; start < parts.length; start++) {
    const code = countryCode(parts.slice(start).join(','));
    if (code) return code;
  }
  return undefined;
}
