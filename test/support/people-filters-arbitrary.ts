/**
 * Random people search filter objects over the whole vocabulary of the filter set (docs/people-search.md,
 * libs/search/src/filters/validate-filters.ts): every key, include and exclude, every sort key and
 * direction, the cap, lists (include, exclude, saved, saved_at), dates and numbers at the edges of
 * their ranges. Values come from a vocabulary (the data a test loaded) mixed with edge cases: most
 * objects are valid, so their SQL runs; a share is not, and must answer 400, never 500.
 *
 * Used by the filters property test (test/people/filters-fuzz.e2e-spec.ts) and, with a made-up
 * vocabulary, by the compiler's unit spec. Pure: fast-check and the enums only.
 */
import fc from 'fast-check';
import {
  BUSINESS_TYPES,
  COMPANY_TYPES,
  EMPLOYEE_RANGES,
  KEYWORDS_SOURCES,
  REVENUE_STREAMS,
} from '../../libs/domain/src/enums/company-enums';
import { COUNTRIES } from '../../libs/domain/src/enums/countries';
import { DEPARTMENT_VALUES } from '../../libs/domain/src/enums/departments';
import { INDUSTRIES, INDUSTRY_GROUP_NAMES } from '../../libs/domain/src/enums/industries';
import { EMAIL_STATUSES, PHONE_STATUSES, SENIORITIES } from '../../libs/domain/src/enums/people-enums';
import { REGIONS } from '../../libs/domain/src/enums/regions';
import { SORT_KEYS } from '../../libs/search/src/filters/filter-types';

/** What the data holds: filter values that match somebody. Each list may be empty. */
export interface FilterVocabulary {
  personIds: string[];
  /** Full names, and single first or last names. */
  names: string[];
  proNetworkUrls: string[];
  titles: string[];
  companyIds: string[];
  companyNames: string[];
  domains: string[];
  proNetworkIds: number[];
  naics: number[];
  /** Location strings of people and companies: "City, State, Country", "State, Country", "Country". */
  locations: string[];
  /** Specialties and words of company texts. */
  keywords: string[];
  industries: string[];
  /** List references: ids, or placeholders a test replaces with a workspace's lists (see LIST_REFS). */
  lists: string[];
  /** Instants around which the workspace's people were saved (ISO 8601). */
  savedAround: string[];
}

/** Placeholders for lists a test resolves per workspace: live lists, a deleted one, another workspace's, an unknown id. */
export const LIST_REFS = [
  '@list:0',
  '@list:1',
  '@list:empty',
  '@list:deleted',
  '@list:foreign',
  'lst_unknown',
] as const;

/** Weighted: mostly absent, so an object holds a few keys and every combination comes up. */
const sometimes = <T>(arb: fc.Arbitrary<T>, weight = 1, absent = 5): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight, arbitrary: arb });

/** An object of the given optional members, absent ones left out (not `undefined`: JSON would drop them anyway). */
function members(model: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(model).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
}

/** From the data when it has values, else (or sometimes) from `edges`. */
function fromData<T>(values: readonly T[], edges: readonly T[]): fc.Arbitrary<T> {
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<T> }> = [];
  if (values.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...values) });
  if (edges.length > 0) options.push({ weight: 1, arbitrary: fc.constantFrom(...edges) });
  return fc.oneof(...options);
}

/**
 * A few items; with `cap` (the documented most), now and then exactly `cap` of them (served), or
 * one more (400 out_of_range).
 */
function few<T>(arb: fc.Arbitrary<T>, max = 3, min = 0, cap?: number): fc.Arbitrary<T[]> {
  const usual = fc.array(arb, { minLength: min, maxLength: max });
  if (cap === undefined) return usual;
  return fc.oneof(
    { weight: 30, arbitrary: usual },
    { weight: 2, arbitrary: fc.array(arb, { minLength: cap, maxLength: cap }) },
    { weight: 1, arbitrary: fc.array(arb, { minLength: cap + 1, maxLength: cap + 1 }) },
  );
}

/** include/exclude of `item`, either side possibly empty or absent; `cap` as in `few`. */
const includeExclude = <T>(item: fc.Arbitrary<T>, cap?: number) =>
  members({ include: sometimes(few(item, 3, 0, cap), 3, 1), exclude: sometimes(few(item, 3, 0, cap), 2, 2) });

/** Case variants of enum values: the API matches them case-insensitively after trimming. */
const spelled = (value: string) => fc.constantFrom(value, value, value.toLowerCase(), ` ${value.toUpperCase()} `);
const enumValue = (values: readonly string[]) => fc.constantFrom(...values).chain(spelled);

const UNKNOWN_ID = 'ab' + 'c'.repeat(22);
const EDGE_TEXT = ['a', 'Zz', 'ÄÖÜ ß', "O'Brien", '%_\\', '  padded  ', 'x'.repeat(200), '東京', 'and', 'the of'];

function dates(v: FilterVocabulary): fc.Arbitrary<string> {
  const edges = [
    '0001-01-01',
    '9999-12-31',
    '0001-01-01T00:00:00+15:59',
    '9999-12-31T23:59:59.999999999-15:59',
    '2024-02-29',
    '2026-01-01T00:00Z',
    '2026-01-01T00:00:00-15:59',
    '1970-01-01T00:00:00Z',
    // Not instants PostgreSQL reads: 400 invalid_format.
    '2026-01-01T00:00:00+16:00',
    '2026-01-01T00:00:00-16:00',
    '2026-01-01T12:00:00+23:59',
    '2026-01-01T12:00:00-19:30',
    '2023-02-29',
    '0000-01-01',
  ];
  const near = v.savedAround.length === 0 ? fc.constant('2026-01-01T00:00:00Z') : fc.constantFrom(...v.savedAround);
  const shifted = fc
    .tuple(near, fc.integer({ min: -3_600_000, max: 3_600_000 }), fc.constantFrom('Z', '+05:30', '-15:59', 'date'))
    .map(([at, delta, zone]) => {
      const instant = new Date(Date.parse(at) + delta);
      if (zone === 'date') return instant.toISOString().slice(0, 10);
      if (zone === 'Z') return instant.toISOString();
      const minutes = (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)));
      return new Date(instant.getTime() + minutes * 60_000).toISOString().slice(0, 23) + zone;
    });
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...edges) }, { weight: 3, arbitrary: shifted });
}

/** `boolean_search`: quoted forms, `!`, AND/OR with parentheses (and, rarely, a malformed one). */
function booleanSearch(titles: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const word = titles.map((t) => t.split(/\s+/)[0] || 'Engineer');
  const term = fc.oneof(
    word,
    titles.map((t) => `'${t.replace(/'/g, '')}'`),
    titles.map((t) => `"${t.replace(/"/g, '')}"`),
    titles.map((t) => `\`${t.replace(/`/g, '')}\``),
    word.map((w) => `!${w}`),
  );
  const { tree } = fc.letrec<{ tree: string }>((tie) => ({
    tree: fc.oneof(
      { maxDepth: 4, depthSize: 'small' },
      term,
      fc.tuple(tie('tree'), fc.constantFrom('AND', 'OR'), tie('tree')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    ),
  }));
  return fc.oneof(
    { weight: 8, arbitrary: tree },
    { weight: 1, arbitrary: fc.constantFrom('a AND b OR c', '((((( x )))))', '"unclosed', '!', '') },
  );
}

const minMax = (bound: fc.Arbitrary<number>) =>
  members({ min: sometimes(bound, 1, 1), max: sometimes(bound, 1, 1) }).map((o) => {
    // Mostly max >= min (a reversed pair is a 400, tried now and then).
    if (typeof o.min === 'number' && typeof o.max === 'number' && o.max < o.min && (o.min + o.max) % 5 !== 0)
      return { min: o.max, max: o.min };
    return o;
  });

/** One raw `filters` object, as a client would send it. */
export function peopleFiltersArb(v: FilterVocabulary): fc.Arbitrary<Record<string, unknown>> {
  const personId = fromData(v.personIds, [UNKNOWN_ID, 'not-an-id']);
  const name = fromData(v.names, EDGE_TEXT);
  const url = fromData(v.proNetworkUrls, [
    'https://pronet.example/in/nobody-99',
    'pronet.example/in/Ada-Lovelace/',
    'http://www.pronet.example/in/x?utm=1',
    'not a url',
  ]);
  const title = fromData(v.titles, ['CEO', 'VP Sales', 'Sr. Engineer', 'xx']);
  const companyId = fromData(v.companyIds, [UNKNOWN_ID]);
  const companyName = fromData(v.companyNames, ['Nobody Inc', 'globex.com', 'a']);
  const domain = fromData(v.domains, ['https://www.example.com/about', 'unknown.example', 'not a domain']);
  const location = fromData(v.locations, [
    ...Object.keys(REGIONS).slice(0, 6),
    'Atlantis',
    'Portland, United States',
    'x',
  ]);
  const keyword = fromData(v.keywords, ['zzz unknown phrase', 'ab', 'the']);
  const industry = fromData(v.industries, [...INDUSTRY_GROUP_NAMES.slice(0, 5), [...INDUSTRIES][0], 'Not An Industry']);
  const list = fromData(v.lists, [...LIST_REFS]);
  const country = fromData(
    COUNTRIES.map((c) => c.code),
    ['us', 'XX', 'USA'],
  );
  const months = fc.oneof(fc.constantFrom(0, 1, 600), fc.integer({ min: 0, max: 120 }));
  const nonNegative = fc.oneof(
    fc.constantFrom(0, 1, 9999, 4200.5, Number.MAX_SAFE_INTEGER, 1e308),
    fc.integer({ min: 0, max: 30_000 }),
  );

  const person = fc.oneof(
    members({ id: sometimes(includeExclude(personId, 100), 1, 1), name: sometimes(includeExclude(name, 500), 1, 1) }),
    fc
      .oneof(
        few(url, 6, 1, 50),
        few(url, 6, 1, 50).map((include) => ({ include })),
      )
      .map((urls) => ({ pro_network_url: urls })),
    // Not together: 400 conflicting_fields.
    fc.constant({ pro_network_url: ['https://pronet.example/in/x'], id: { include: [UNKNOWN_ID] } }),
  );
  const jobTitle = fc.oneof(
    {
      weight: 3,
      arbitrary: members({
        include: sometimes(few(title, 3, 0, 100), 3, 1),
        exclude: sometimes(few(title, 3, 0, 100), 1, 2),
        match_mode: sometimes(enumValue(['CONTAINS', 'EXACT']), 1, 1),
      }),
    },
    {
      weight: 2,
      arbitrary: members({
        boolean_search: booleanSearch(title),
        match_mode: sometimes(enumValue(['CONTAINS', 'EXACT']), 1, 2),
      }),
    },
  );
  const company = members({
    id: sometimes(includeExclude(companyId, 20_000)),
    domain: sometimes(
      includeExclude(domain, 100).chain((d) =>
        members({ match_mode: sometimes(enumValue(['ORGANIZATION', 'PRIMARY', 'LINKEDIN_WEBSITE'])) }).map((m) => ({
          ...d,
          ...m,
        })),
      ),
    ),
    name: sometimes(
      includeExclude(companyName, 500).chain((n) =>
        members({ match_mode: sometimes(enumValue(['EXACT', 'CONTAINS']), 1, 1) }).map((m) => ({ ...n, ...m })),
      ),
    ),
    pro_network_id: sometimes(includeExclude(fromData(v.proNetworkIds, [1, Number.MAX_SAFE_INTEGER]), 500)),
  });
  const locationFilter = (hq: boolean) =>
    members({
      include: sometimes(few(location, 3, 1, 100), 3, 1),
      exclude: sometimes(few(location, 3, 0, 100), 1, 2),
      ...(hq ? { headquarters_only: sometimes(fc.boolean(), 1, 1) } : {}),
    });
  const channel = (statuses: readonly string[]) =>
    members({ status: sometimes(fc.subarray([...statuses]), 2, 1), revealed: sometimes(fc.boolean(), 1, 1) });
  const listsFilter = members({
    include: sometimes(few(list, 2, 1, 100)),
    exclude: sometimes(few(list, 2, 1, 1000)),
    saved: sometimes(enumValue(['any', 'none', 'without_list']), 2, 1),
    saved_at: sometimes(members({ from: sometimes(dates(v), 1, 1), to: sometimes(dates(v), 1, 1) }), 1, 1),
  });
  const sortKey = fc.constantFrom(...SORT_KEYS);

  const selecting: Record<string, fc.Arbitrary<unknown>> = {
    person,
    person_location: locationFilter(false),
    company_keywords: members({
      include: few(keyword, 3, 1, 20),
      exclude: sometimes(few(keyword, 2, 0, 20)),
      include_all: sometimes(fc.boolean()),
      sources: sometimes(fc.subarray(KEYWORDS_SOURCES.map((s) => s.value) as string[], { minLength: 1 }), 2, 1),
    }),
    person_job_title: jobTitle,
    person_seniority: includeExclude(enumValue(SENIORITIES)),
    person_department: includeExclude(enumValue([...DEPARTMENT_VALUES])),
    person_months_in_current_role: minMax(months),
    person_months_in_current_company: minMax(months),
    person_job_change: members({
      timeframe_months: fc.oneof(fc.constantFrom(1, 2, 1000), fc.integer({ min: 1, max: 200 })),
      change_type: sometimes(enumValue(['any', 'promotion', 'new_company']), 2, 1),
    }),
    company,
    company_industry: includeExclude(industry),
    company_headcount_range: fc.subarray(EMPLOYEE_RANGES.map((r) => r.value)),
    company_country: members({
      include: sometimes(few(country, 3, 0, 500), 2, 1),
      exclude: sometimes(few(country, 3, 0, 500), 1, 1),
      headquarters_only: sometimes(fc.boolean(), 1, 1),
    }),
    company_location: locationFilter(true),
    company_type: includeExclude(enumValue(COMPANY_TYPES)),
    company_business_type: includeExclude(enumValue(BUSINESS_TYPES)),
    company_revenue_stream: includeExclude(enumValue(REVENUE_STREAMS)),
    company_founded: minMax(
      fc.oneof(fc.constantFrom(0, 1890, 1989.5, 2026, 9999), fc.integer({ min: 1900, max: 2030 })),
    ),
    company_headcount_custom: minMax(nonNegative),
    company_naics: includeExclude(fromData(v.naics, [1, 999_999]), 500),
    contact_details: members({
      email: sometimes(channel(EMAIL_STATUSES), 1, 1),
      phone: sometimes(channel(PHONE_STATUSES), 1, 1),
    }),
    lists: listsFilter,
    // The lists most often: they hold every workspace-dependent condition.
    lists_again: listsFilter,
    duplicates: members({ exclude_exported: sometimes(fc.boolean(), 3, 1) }),
  };
  // Mostly one to three selecting keys (more AND-ed filters over a small data set select nobody),
  // each with the sort, the cap and now and then a key that is refused.
  const keyCount = fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 10, arbitrary: fc.integer({ min: 1, max: 3 }) },
    { weight: 2, arbitrary: fc.integer({ min: 4, max: 7 }) },
  );
  const chosen = keyCount.chain((n) => fc.shuffledSubarray(Object.keys(selecting), { minLength: n, maxLength: n }));
  const modifiers = members({
    max_person_per_company: sometimes(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(1, 2, 3, 100) },
        { weight: 1, arbitrary: fc.constantFrom(0, 101) },
      ),
      1,
      5,
    ),
    sort_by: sometimes(sortKey, 1, 2),
    sort_direction: sometimes(enumValue(['asc', 'desc']), 1, 2),
    // Validated, then refused: 400.
    company_technologies: sometimes(fc.constant({ include: ['tech_react'] }), 1, 60),
  });
  return fc.tuple(chosen, fc.record(selecting), modifiers).map(([keys, values, extra]) => ({
    ...Object.fromEntries(keys.map((k) => [k === 'lists_again' ? 'lists' : k, values[k]])),
    ...extra,
  }));
}
