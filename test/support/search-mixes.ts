/**
 * Random people search mixes the way customers build them (docs/people-search.md): 2 to 6 filter keys
 * drawn from the whole vocabulary, with values the data holds, includes and excludes, every `sort_by`
 * key and direction, `max_person_per_company`, pages 1-20, `per_page` 25 or 100, and the workspace's
 * lists and saves. Every mix is valid: a search of it must answer 200, never a timeout.
 *
 * Seeded, so a slow mix replays from its seed and index. Used by `bench/search-mixes.mjs` (the 1M and
 * 10M figures) and by the small-size plan check in test/people/search-mixes.e2e-spec.ts. No imports
 * from libs/: the bench loads this file on its own (bench/_lib.mjs requireTestSupport).
 */
import { seededRandom } from './seeded-random';

/** What the data holds, read by loadMixVocabulary; the lists are the caller's workspace's. */
export interface MixVocabulary {
  titles: string[];
  titleWords: string[];
  seniorities: string[];
  departments: string[];
  personLocations: string[];
  companyLocations: string[];
  countries: string[];
  industries: string[];
  headcountRanges: string[];
  companyTypes: string[];
  businessTypes: string[];
  revenueStreams: string[];
  naics: number[];
  keywords: string[];
  companyNames: string[];
  domains: string[];
  names: string[];
  /** Year range of `founded`. */
  founded: [number, number];
  sortKeys: readonly string[];
  listIds: string[];
}

export interface SearchMix {
  /** The request body of POST /v2/people/search. */
  body: { filters: Record<string, unknown>; page: number; per_page: number };
  /** The filter keys it combines, for the report. */
  keys: string[];
}

type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

const column = async (query: Query, sql: string): Promise<string[]> =>
  [...new Set((await query(sql)).map((r) => Object.values(r)[0]).filter((v) => v !== null && v !== ''))].map(String);

/**
 * The vocabulary of a loaded data set, from a sample of about 1 % of people and companies (every
 * value is then one somebody has; common values come up more often, as in customers' searches).
 */
export async function loadMixVocabulary(
  query: Query,
  sortKeys: readonly string[],
  listIds: string[],
): Promise<MixVocabulary> {
  const people = `(SELECT * FROM people TABLESAMPLE SYSTEM (1) REPEATABLE (7) LIMIT 20000) p`;
  const companies = `(SELECT * FROM companies TABLESAMPLE SYSTEM (2) REPEATABLE (7) LIMIT 5000) c`;
  const titles = await column(query, `SELECT title FROM ${people} WHERE title IS NOT NULL LIMIT 3000`);
  const words = new Map<string, number>();
  for (const title of titles)
    for (const word of title.split(/[\s,&/()-]+/))
      if (word.length > 2 && !/^(of|and|the|for)$/i.test(word)) words.set(word, (words.get(word) ?? 0) + 1);
  const founded = (await query(`SELECT min(founded) AS lo, max(founded) AS hi FROM ${companies}`))[0];
  return {
    titles: titles.slice(0, 400),
    titleWords: [...words]
      .sort((a, b) => b[1] - a[1])
      .map(([w]) => w)
      .slice(0, 200),
    seniorities: await column(query, `SELECT DISTINCT seniority FROM ${people} WHERE seniority IS NOT NULL`),
    departments: await column(query, `SELECT DISTINCT unnest(departments) FROM ${people}`),
    personLocations: await column(
      query,
      `SELECT concat_ws(', ', location->>'city', location->>'state', location->>'country') FROM ${people}
        WHERE location->>'country' IS NOT NULL LIMIT 400`,
    ),
    companyLocations: await column(
      query,
      `SELECT concat_ws(', ', location->>'state', location->>'country') FROM ${companies}
        WHERE location->>'country' IS NOT NULL LIMIT 200`,
    ),
    countries: await column(query, `SELECT DISTINCT country_code FROM ${companies} WHERE country_code IS NOT NULL`),
    industries: await column(query, `SELECT DISTINCT industry FROM ${companies}`),
    headcountRanges: await column(query, `SELECT DISTINCT employee_range FROM ${companies}`),
    companyTypes: await column(query, `SELECT DISTINCT type FROM ${companies}`),
    businessTypes: await column(query, `SELECT DISTINCT business_type FROM ${companies}`),
    revenueStreams: await column(query, `SELECT DISTINCT revenue_stream FROM ${companies}`),
    naics: (await column(query, `SELECT DISTINCT unnest(naics_codes) FROM ${companies} LIMIT 300`)).map(Number),
    keywords: await column(query, `SELECT DISTINCT unnest(keywords) FROM ${companies} LIMIT 300`),
    companyNames: await column(query, `SELECT name FROM ${companies} LIMIT 300`),
    domains: await column(query, `SELECT website FROM ${companies} WHERE website IS NOT NULL LIMIT 300`),
    names: await column(query, `SELECT last_name FROM ${people} WHERE last_name IS NOT NULL LIMIT 300`),
    founded: [Number(founded?.lo ?? 1950), Number(founded?.hi ?? 2024)],
    sortKeys,
    listIds,
  };
}

type Random = () => number;

const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)];
const between = (random: Random, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
/** 1 to `max` distinct values (fewer when the vocabulary has fewer). */
function some<T>(random: Random, values: readonly T[], max = 3): T[] {
  const n = Math.min(values.length, between(random, 1, max));
  const chosen = new Set<T>();
  while (chosen.size < n) chosen.add(pick(random, values));
  return [...chosen];
}
/** Mostly an include; sometimes an exclude alone or both sides. */
function includeExclude<T>(random: Random, values: readonly T[], max = 3): { include?: T[]; exclude?: T[] } {
  const roll = random();
  if (roll < 0.6) return { include: some(random, values, max) };
  if (roll < 0.8) return { exclude: some(random, values, max) };
  const include = some(random, values, max);
  return {
    include,
    exclude: some(
      random,
      values.filter((v) => !include.includes(v)),
      2,
    ),
  };
}
function range(random: Random, lo: number, hi: number): { min?: number; max?: number } {
  const a = between(random, lo, hi);
  const b = between(random, a, hi);
  const roll = random();
  return roll < 0.3 ? { min: a } : roll < 0.6 ? { max: b } : { min: a, max: b };
}

/** Each filter key: how a customer fills it in; null when the vocabulary has nothing for it. */
const KEYS: Record<string, (random: Random, v: MixVocabulary) => unknown> = {
  person_job_title: (r, v) => {
    const roll = r();
    if (roll < 0.55) return { include: some(r, v.titleWords, 3), match_mode: 'CONTAINS' };
    if (roll < 0.75) return { include: some(r, v.titles, 3), match_mode: 'EXACT' };
    if (roll < 0.9) return { ...includeExclude(r, v.titleWords, 2), match_mode: 'CONTAINS' };
    const [a, b, c] = [pick(r, v.titleWords), pick(r, v.titleWords), pick(r, v.titleWords)];
    return { boolean_search: `(${a} OR ${b}) AND !${c}` };
  },
  person_seniority: (r, v) => includeExclude(r, v.seniorities, 3),
  person_department: (r, v) => includeExclude(r, v.departments, 3),
  person_location: (r, v) => includeExclude(r, v.personLocations, 2),
  person_months_in_current_role: (r) => range(r, 0, 120),
  person_months_in_current_company: (r) => range(r, 0, 180),
  person_job_change: (r) => ({
    timeframe_months: between(r, 1, 24),
    change_type: pick(r, ['any', 'promotion', 'new_company']),
  }),
  person: (r, v) => ({ name: { include: some(r, v.names, 3) } }),
  company_industry: (r, v) => includeExclude(r, v.industries, 3),
  company_headcount_range: (r, v) => some(r, v.headcountRanges, 3),
  company_headcount_custom: (r) => range(r, 1, 20_000),
  company_country: (r, v) => ({ ...includeExclude(r, v.countries, 3), headquarters_only: r() < 0.3 }),
  company_location: (r, v) => ({ ...includeExclude(r, v.companyLocations, 2), headquarters_only: r() < 0.3 }),
  company_type: (r, v) => includeExclude(r, v.companyTypes, 2),
  company_business_type: (r, v) => includeExclude(r, v.businessTypes, 2),
  company_revenue_stream: (r, v) => includeExclude(r, v.revenueStreams, 2),
  company_founded: (r, v) => range(r, v.founded[0], v.founded[1]),
  company_naics: (r, v) => includeExclude(r, v.naics, 3),
  company_keywords: (r, v) => ({ include: some(r, v.keywords, 2), include_all: r() < 0.3 }),
  company: (r, v) =>
    r() < 0.5
      ? { name: { include: some(r, v.companyNames, 3), match_mode: 'EXACT' } }
      : { domain: { include: some(r, v.domains, 3) } },
  contact_details: (r) =>
    r() < 0.7
      ? { email: { status: some(r, ['valid', 'invalid', 'accept_all', 'not_found'], 2) } }
      : { phone: { revealed: r() < 0.5 } },
  lists: (r, v) => {
    const roll = r();
    if (roll < 0.35 || v.listIds.length === 0) return { saved: pick(r, ['any', 'none', 'without_list']) };
    if (roll < 0.7) return { include: [pick(r, v.listIds)] };
    return { exclude: [pick(r, v.listIds)], saved: 'any' };
  },
  duplicates: () => ({ exclude_exported: true }),
};

/** How often each key comes up, relative: the common ones of customers' searches first. */
const WEIGHTS: Record<string, number> = {
  person_job_title: 6,
  person_seniority: 6,
  person_department: 4,
  person_location: 4,
  company_industry: 4,
  company_headcount_range: 4,
  company_country: 4,
  contact_details: 3,
  company_location: 2,
  company_headcount_custom: 2,
  company_keywords: 2,
  lists: 2,
  person_months_in_current_role: 1,
  person_months_in_current_company: 1,
  person_job_change: 1,
  person: 1,
  company_type: 1,
  company_business_type: 1,
  company_revenue_stream: 1,
  company_founded: 1,
  company_naics: 1,
  company: 1,
  duplicates: 1,
};

function weightedKeys(random: Random, n: number): string[] {
  const chosen: string[] = [];
  const total = () => Object.entries(WEIGHTS).reduce((sum, [k, w]) => sum + (chosen.includes(k) ? 0 : w), 0);
  while (chosen.length < n) {
    let roll = random() * total();
    for (const [key, weight] of Object.entries(WEIGHTS)) {
      if (chosen.includes(key)) continue;
      roll -= weight;
      if (roll < 0) {
        chosen.push(key);
        break;
      }
    }
  }
  return chosen;
}

/** `count` mixes from `seed`: the same seed, vocabulary and count give the same mixes. */
export function searchMixes(vocabulary: MixVocabulary, seed: number, count: number): SearchMix[] {
  const random = seededRandom(seed);
  const mixes: SearchMix[] = [];
  while (mixes.length < count) {
    const keys = weightedKeys(random, between(random, 2, 6));
    const filters: Record<string, unknown> = {};
    for (const key of keys) filters[key] = KEYS[key](random, vocabulary);
    const shown = [...keys];
    if (random() < 0.45) {
      const sortBy = pick(random, vocabulary.sortKeys);
      const direction = random() < 0.5 ? (random() < 0.5 ? 'asc' : 'desc') : undefined;
      filters.sort_by = sortBy;
      if (direction) filters.sort_direction = direction;
      shown.push(`sort_by ${sortBy}${direction ? ` ${direction}` : ''}`);
    }
    if (random() < 0.15) {
      filters.max_person_per_company = between(random, 1, 3);
      shown.push('max_person_per_company');
    }
    const page = random() < 0.6 ? 1 : between(random, 2, 20);
    const perPage = random() < 0.7 ? 25 : 100;
    mixes.push({ body: { filters, page, per_page: perPage }, keys: shown });
  }
  return mixes;
}
