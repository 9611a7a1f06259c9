/**
 * Unified location strings (`person_location`, `company_location`: docs/people-search.md#locations) become keys that a
 * GIN index over `location_keys` answers. A stored place yields every key a caller may name it by;
 * a caller's string yields the keys it could mean. Lower-case, diacritics kept, one space inside.
 *
 *   c:de               the country
 *   s:de:berlin        state (by name or by code) and country
 *   t:de:berlin        city and country (the state left out)
 *   i:de:be:berlin     city, state (by name or by code) and country
 */
import { COUNTRIES } from '../enums/countries';
import { regionCountries } from '../enums/regions';

export interface PlaceInput {
  city?: string | null;
  state?: string | null;
  state_code?: string | null;
  country_code?: string | null;
}

const clean = (s: string | null | undefined): string =>
  (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ').replace(/:/g, ' ');

const COUNTRY_BY_NAME = new Map<string, string>(
  COUNTRIES.flatMap((c) => [[clean(c.name), c.code] as const, [clean(c.code), c.code] as const]),
);
// Names people commonly write that differ from the ISO short names.
for (const [alias, code] of [
  ['usa', 'US'],
  ['united states of america', 'US'],
  ['america', 'US'],
  ['uk', 'GB'],
  ['great britain', 'GB'],
  ['britain', 'GB'],
  ['south korea', 'KR'],
  ['russia', 'RU'],
  ['czechia', 'CZ'],
  ['uae', 'AE'],
  // Former or everyday English names of countries whose ISO short name differs: data files and callers write them.
  ['turkey', 'TR'],
  ['czech republic', 'CZ'],
  ['ivory coast', 'CI'],
  ['macedonia', 'MK'],
  ['swaziland', 'SZ'],
  ['palestine', 'PS'],
  ['macau', 'MO'],
  ['burma', 'MM'],
  ['myanmar', 'MM'],
  ['east timor', 'TL'],
  ['the netherlands', 'NL'],
  ['holland', 'NL'],
  ['the bahamas', 'BS'],
  ['the gambia', 'GM'],
  ['democratic republic of the congo', 'CD'],
  ['dr congo', 'CD'],
  ['republic of the congo', 'CG'],
  ['saint lucia', 'LC'],
  ['saint kitts and nevis', 'KN'],
  ['saint vincent and the grenadines', 'VC'],
  ['england', 'GB'],
  ['scotland', 'GB'],
  ['wales', 'GB'],
  ['northern ireland', 'GB'],
] as const) {
  if (!COUNTRY_BY_NAME.has(alias)) COUNTRY_BY_NAME.set(alias, code);
}

/** ISO alpha-2 code of a country name, code or common alias; undefined when it names no country. */
export function countryCode(name: string): string | undefined {
  return COUNTRY_BY_NAME.get(clean(name));
}

/** Every key a stored place answers to; [] without a country. */
export function placeKeys(place: PlaceInput | null | undefined): string[] {
  const country = clean(place?.country_code);
  if (!place || country.length !== 2) return [];
  const keys = new Set<string>([`c:${country}`]);
  const city = clean(place.city);
  const states = [clean(place.state), clean(place.state_code)].filter((s) => s !== '');
  if (city) keys.add(`t:${country}:${city}`);
  for (const state of states) {
    keys.add(`s:${country}:${state}`);
    if (city) keys.add(`i:${country}:${state}:${city}`);
  }
  return [...keys];
}

/** The keys of several places (a company's offices), without repeats. */
export function placesKeys(places: ReadonlyArray<PlaceInput | null | undefined>): string[] {
  return [...new Set(places.flatMap((p) => placeKeys(p)))];
}

/** What a caller's string may mean. `always` keys resolve by name alone (countries, regions); `ifPresent` keys resolve only where the data has them. */
export interface LocationCandidates {
  always: string[];
  ifPresent: string[];
}

export function locationCandidates(text: string): LocationCandidates {
  const parts = text
    .split(',')
    .map(clean)
    .filter((p) => p !== '');
  if (parts.length === 1) {
    const region = regionCountries(parts[0]);
    if (region) return { always: region.map((c) => `c:${c.toLowerCase()}`), ifPresent: [] };
    const code = countryCode(parts[0]);
    return { always: code ? [`c:${code.toLowerCase()}`] : [], ifPresent: [] };
  }
  const code = countryCode(parts[parts.length - 1])?.toLowerCase();
  if (!code) return { always: [], ifPresent: [] };
  if (parts.length === 2) return { always: [], ifPresent: [`s:${code}:${parts[0]}`, `t:${code}:${parts[0]}`] };
  if (parts.length === 3) return { always: [], ifPresent: [`i:${code}:${parts[1]}:${parts[0]}`] };
  return { always: [], ifPresent: [] };
}
