import { jsonCostBreach } from '@app/common/http/json-cost';
import {
  BUSINESS_TYPES,
  COMPANY_TYPES,
  EMPLOYEE_RANGES,
  KEYWORDS_SOURCES,
  REVENUE_STREAMS,
} from '@app/domain/enums/company-enums';
import { DEPARTMENT_VALUES } from '@app/domain/enums/departments';
import { INDUSTRIES, INDUSTRY_GROUPS } from '@app/domain/enums/industries';
import { EMAIL_STATUSES, PHONE_STATUSES, SENIORITIES } from '@app/domain/enums/people-enums';
import { parsePeopleFilters } from '@app/search/filters/validate-filters';
import { BODY_LIMITS, BodyLimits, MAX_JSON_DEPTH, MAX_JSON_KEYS } from './body-limits';

const hex = (i: number) => i.toString(16).padStart(24, '0');
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => hex(from + i));
/** `n` texts of exactly `chars` characters of `char` (numbered, so none repeats). */
const texts = (n: number, chars: number, char: string) =>
  Array.from({ length: n }, (_, i) => `${i}`.padEnd(chars, char));
const both = <T>(make: (from: number) => T[]) => ({ include: make(0), exclude: make(1_000_000) });
const all = <T>(values: readonly T[]) => ({ include: [...values], exclude: [...values] });

/** The people filter set with every list at its maximum and every text at its character maximum, in `char`. */
function largestFilterSet(char: string) {
  const industries = [...new Set([...Object.keys(INDUSTRY_GROUPS), ...INDUSTRIES])];
  return {
    person: { id: both((from) => ids(100, from)), name: both(() => texts(500, 200, char)) },
    person_location: both(() => texts(100, 200, char)),
    company_keywords: {
      include: texts(20, 100, char),
      exclude: texts(20, 100, char),
      include_all: true,
      sources: KEYWORDS_SOURCES.map((s) => s.value),
    },
    person_job_title: { ...both(() => texts(100, 100, char)), match_mode: 'CONTAINS' },
    person_seniority: all(SENIORITIES),
    person_department: all([...DEPARTMENT_VALUES]),
    person_months_in_current_role: { min: 0, max: 600 },
    person_months_in_current_company: { min: 0, max: 600 },
    person_job_change: { timeframe_months: 1000, change_type: 'promotion' },
    company: {
      id: both((from) => ids(20_000, from)),
      domain: {
        ...both((from) =>
          Array.from({ length: 100 }, (_, i) => `${'d'.repeat(55)}${from + i}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`),
        ),
        match_mode: 'PRIMARY',
      },
      name: { ...both(() => texts(500, 200, char)), match_mode: 'CONTAINS' },
      pro_network_id: both((from) => Array.from({ length: 500 }, (_, i) => 9_000_000_000 + from + i)),
    },
    company_industry: all(industries),
    company_headcount_range: EMPLOYEE_RANGES.map((r) => r.value),
    company_country: { include: Array(500).fill('US'), exclude: Array(500).fill('DE'), headquarters_only: true },
    company_type: all(COMPANY_TYPES),
    company_business_type: all(BUSINESS_TYPES),
    company_revenue_stream: all(REVENUE_STREAMS),
    company_founded: { min: 1800, max: 2026 },
    company_headcount_custom: { min: 1, max: 1_000_000 },
    company_naics: both((from) => Array.from({ length: 500 }, (_, i) => 100_000 + ((from + i) % 899_999))),
    company_location: { ...both(() => texts(100, 200, char)), headquarters_only: true },
    contact_details: {
      email: { status: [...EMAIL_STATUSES], revealed: true },
      phone: { status: [...PHONE_STATUSES], revealed: false },
    },
    lists: {
      include: texts(100, 64, char),
      exclude: texts(1000, 64, char),
      saved: 'any',
      saved_at: { from: '2026-01-01T00:00:00.000000000+14:00', to: '2026-12-31T23:59:59.999999999-14:00' },
    },
    duplicates: { exclude_exported: true },
    max_person_per_company: 100,
    sort_by: 'person_last_name',
    sort_direction: 'desc',
  };
}

const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));
const breach = (body: unknown, limits: BodyLimits) =>
  jsonCostBreach(Buffer.from(JSON.stringify(body)), {
    maxDepth: MAX_JSON_DEPTH,
    maxKeys: MAX_JSON_KEYS,
    maxValues: limits.maxValues,
  });

describe('BODY_LIMITS hold the largest legal body of each route', () => {
  it('the largest filter set is legal (so the figures below are real)', () => {
    expect(() => parsePeopleFilters(largestFilterSet('a'))).not.toThrow();
    expect(() => parsePeopleFilters(largestFilterSet('漢'))).not.toThrow();
  });

  it('people search: the largest filter set, in ASCII and in 3-byte characters', () => {
    for (const char of ['a', '漢']) {
      const body = { filters: largestFilterSet(char), page: 1, per_page: 100 };
      expect(bytes(body)).toBeLessThan(BODY_LIMITS.peopleSearch.maxBytes);
      expect(breach(body, BODY_LIMITS.peopleSearch)).toBeNull();
    }
  });

  it('people preview, save and export: that filter set with 25,000 exclude_ids, or 25,000 items', () => {
    for (const char of ['a', '漢']) {
      const body = {
        filters: largestFilterSet(char),
        exclude_ids: ids(25_000, 5_000_000),
        limit: 25_000,
        list_ids: texts(20, 64, 'l'),
      };
      expect(bytes(body)).toBeLessThan(BODY_LIMITS.peopleSelection.maxBytes);
      expect(breach(body, BODY_LIMITS.peopleSelection)).toBeNull();
    }
    const items = {
      data: [
        ...ids(24_950),
        ...Array.from({ length: 50 }, (_, i) => ({
          pro_network_url: `https://pronet.example/in/${'p'.repeat(2_000)}${i}`,
        })),
      ],
      list_ids: texts(20, 64, 'l'),
    };
    expect(bytes(items)).toBeLessThan(BODY_LIMITS.peopleSelection.maxBytes);
    expect(breach(items, BODY_LIMITS.peopleSelection)).toBeNull();
  });

  it('email verifications: 10,000 addresses of 254 characters', () => {
    const body = {
      emails: Array.from({ length: 10_000 }, (_, i) => `${i}`.padEnd(64, 'x') + '@' + 'd'.repeat(185) + '.com'),
    };
    expect(body.emails[0]).toHaveLength(254);
    expect(bytes(body)).toBeLessThan(BODY_LIMITS.emailVerifications.maxBytes);
    expect(breach(body, BODY_LIMITS.emailVerifications)).toBeNull();
  });

  it('company save: 500 objects with a lookup value at the 2,048-character cap, and 20 lists', () => {
    const body = {
      data: Array.from({ length: 500 }, (_, i) => ({ id: `${i}`.padEnd(2_048, 'c') })),
      list_ids: texts(20, 64, 'l'),
      search_id: 's'.repeat(200),
    };
    expect(bytes(body)).toBeLessThan(BODY_LIMITS.companiesSave.maxBytes);
    expect(breach(body, BODY_LIMITS.companiesSave)).toBeNull();
  });

  it('the small routes, with free text at 4 bytes a character', () => {
    const emoji = '😀'; // one character, 4 bytes in UTF-8
    const cases: [BodyLimits, unknown][] = [
      [BODY_LIMITS.listCreate, { name: emoji.repeat(200), type: 'company' }],
      [
        BODY_LIMITS.webhook,
        {
          url: `https://hooks.example.com/${'u'.repeat(2_020)}`,
          events: Array(16).fill('person.email_found'),
          description: emoji.repeat(500),
          status: 'disabled',
        },
      ],
      [BODY_LIMITS.webhookAction, { since: '2026-11-20T00:00:00.000000000+00:00'.padEnd(64, '0') }],
      [BODY_LIMITS.companyPatch, { name: emoji.repeat(500) }],
      [BODY_LIMITS.personPatch, { email: `${emoji.repeat(64)}@${'d'.repeat(185)}.com` }],
      [BODY_LIMITS.suggest, { type: 'company_technology_category', query: emoji.repeat(100), limit: 20 }],
      [BODY_LIMITS.listRemoval, { list_id: 'l'.repeat(64), ids: ids(500) }],
    ];
    for (const [limits, body] of cases) {
      expect(bytes(body)).toBeLessThan(limits.maxBytes);
      expect(breach(body, limits)).toBeNull();
    }
  });

  it('no limit is far above its largest legal body: a 4 MB allowance only where 10,000 addresses or 25,000 ids need it', () => {
    const large = Object.entries(BODY_LIMITS)
      .filter(([, limits]) => limits.maxBytes > 64 * 1024)
      .map(([name]) => name);
    expect(large.sort()).toEqual(['companiesSave', 'emailVerifications', 'peopleSearch', 'peopleSelection']);
  });
});
