import { COUNTRIES } from './countries';

const EU = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];
const EUROPE = [...EU, 'AD', 'AL', 'AX', 'BA', 'BY', 'CH', 'FO', 'GB', 'GG', 'GI', 'IM', 'IS', 'JE', 'LI', 'MC', 'MD', 'ME', 'MK', 'NO', 'RS', 'RU', 'SJ', 'SM', 'UA', 'VA'];
const NORTH_AMERICA = ['US', 'CA', 'MX', 'BM', 'GL', 'PM'];
const CENTRAL_AMERICA_CARIBBEAN = ['AG', 'AI', 'AW', 'BB', 'BL', 'BQ', 'BS', 'BZ', 'CR', 'CU', 'CW', 'DM', 'DO', 'GD', 'GP', 'GT', 'HN', 'HT', 'JM', 'KN', 'KY', 'LC', 'MF', 'MQ', 'MS', 'NI', 'PA', 'PR', 'SV', 'SX', 'TC', 'TT', 'VC', 'VG', 'VI'];
const SOUTH_AMERICA = ['AR', 'BO', 'BR', 'CL', 'CO', 'EC', 'FK', 'GF', 'GY', 'PE', 'PY', 'SR', 'UY', 'VE', 'GS'];
const MIDDLE_EAST = ['AE', 'BH', 'EG', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'TR', 'YE'];
const AFRICA = [
  'AO', 'BF', 'BI', 'BJ', 'BW', 'CD', 'CF', 'CG', 'CI', 'CM', 'CV', 'DJ', 'DZ', 'EG', 'EH', 'ER', 'ET', 'GA', 'GH', 'GM', 'GN', 'GQ', 'GW', 'KE', 'KM', 'LR', 'LS', 'LY',
  'MA', 'MG', 'ML', 'MR', 'MU', 'MW', 'MZ', 'NA', 'NE', 'NG', 'RE', 'RW', 'SC', 'SD', 'SH', 'SL', 'SN', 'SO', 'SS', 'ST', 'SZ', 'TD', 'TG', 'TN', 'TZ', 'UG', 'YT', 'ZA', 'ZM', 'ZW',
];
const ASIA = [
  'AF', 'AM', 'AZ', 'BD', 'BN', 'BT', 'CN', 'CY', 'GE', 'HK', 'ID', 'IN', 'IO', 'JP', 'KG', 'KH', 'KP', 'KR', 'KZ', 'LA', 'LK', 'MM', 'MN', 'MO', 'MV', 'MY', 'NP', 'PH', 'PK',
  'SG', 'TH', 'TJ', 'TL', 'TM', 'TW', 'UZ', 'VN',
];
const OCEANIA = ['AS', 'AU', 'CK', 'CC', 'CX', 'FJ', 'FM', 'GU', 'HM', 'KI', 'MH', 'MP', 'NC', 'NF', 'NR', 'NU', 'NZ', 'PF', 'PG', 'PN', 'PW', 'SB', 'TK', 'TO', 'TV', 'UM', 'VU', 'WF', 'WS'];
const ANTARCTICA = ['AQ', 'BV', 'TF'];

/**
 * Region names that `person_location` / `company_location` expand to their member countries
 * (ISO 3166-1 alpha-2). Continents partition the codes (Egypt counts in Africa and the Middle
 * East, Cyprus in the EU and Asia); the business regions overlap them on purpose.
 */
export const REGIONS: Readonly<Record<string, readonly string[]>> = {
  Africa: AFRICA,
  Antarctica: ANTARCTICA,
  Asia: ASIA,
  Europe: [...new Set(EUROPE)],
  'North America': NORTH_AMERICA,
  'Central America and the Caribbean': CENTRAL_AMERICA_CARIBBEAN,
  'South America': SOUTH_AMERICA,
  'Latin America': ['MX', ...CENTRAL_AMERICA_CARIBBEAN, ...SOUTH_AMERICA].filter((c) => !['AI', 'BM', 'KY', 'MS', 'TC', 'VG', 'VI', 'PR', 'FK', 'GS'].includes(c)),
  'Middle East': MIDDLE_EAST,
  Oceania: OCEANIA,
  'European Union': EU,
  DACH: ['DE', 'AT', 'CH'],
  Nordics: ['DK', 'FI', 'IS', 'NO', 'SE', 'FO', 'AX', 'GL'],
  Benelux: ['BE', 'NL', 'LU'],
  EMEA: [...new Set([...EUROPE, ...MIDDLE_EAST, ...AFRICA])],
  APAC: [...new Set([...ASIA, ...OCEANIA])],
  AMER: [...new Set([...NORTH_AMERICA, ...CENTRAL_AMERICA_CARIBBEAN, ...SOUTH_AMERICA])],
};

const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));

/** Member countries of a region name (case-insensitive), or undefined when the name is no region. */
export function regionCountries(name: string): readonly string[] | undefined {
  const key = Object.keys(REGIONS).find((r) => r.toLowerCase() === name.trim().toLowerCase());
  return key ? REGIONS[key].filter((c) => COUNTRY_CODES.has(c)) : undefined;
}
