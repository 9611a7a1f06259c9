import type { ValidationCode } from '@app/common/http/api-error';
import { BUSINESS_TYPES, COMPANY_TYPES, EMPLOYEE_RANGES, REVENUE_STREAMS } from '@app/domain/enums/company-enums';
import { DEPARTMENT_VALUES } from '@app/domain/enums/departments';
import { INDUSTRIES, INDUSTRY_GROUPS } from '@app/domain/enums/industries';
import { EMAIL_STATUSES, PHONE_STATUSES, SENIORITIES } from '@app/domain/enums/people-enums';
import * as booleanQuery from '../boolean/boolean-query';
import { BooleanSearchError, parseBooleanSearch } from '../boolean/boolean-query';
import { SORT_KEYS, type PeopleFilters } from './filter-types';
import { FilterValidationError, parsePeopleFilters } from './validate-filters';

/** The error parsePeopleFilters throws for `raw`; fails the test when it throws anything else or nothing. */
function errorOf(raw: unknown, path?: string): FilterValidationError {
  try {
    parsePeopleFilters(raw, path);
  } catch (error) {
    if (error instanceof FilterValidationError) return error;
    throw error;
  }
  throw new Error(`no error for ${JSON.stringify(raw)?.slice(0, 200)}`);
}

const expectError = (raw: unknown, field: string, code: ValidationCode) => {
  const error = errorOf(raw);
  expect({ field: error.field, code: error.code }).toEqual({ field, code });
  return error;
};

const hex = (n: number) => n.toString(16).padStart(24, '0');
const ids = (count: number) => Array.from({ length: count }, (_, i) => hex(i + 1));
const strings = (count: number, length = 5) => Array.from({ length: count }, (_, i) => `${i}`.padStart(length, 'x'));
const ints = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const domainsOf = (count: number) => Array.from({ length: count }, (_, i) => `d${i}.com`);
const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://pronet.example/in/p${i}`);
const KW = { include: ['abc'] };
const INDUSTRY_VALUES = [...new Set([...Object.keys(INDUSTRY_GROUPS), ...INDUSTRIES])];
const DEPARTMENTS = [...DEPARTMENT_VALUES];
const RANGES = EMPLOYEE_RANGES.map((r) => r.value);
const ALL_TOP_KEYS = [
  'person',
  'person_location',
  'company_keywords',
  'person_job_title',
  'person_seniority',
  'person_department',
  'person_months_in_current_role',
  'person_months_in_current_company',
  'person_job_change',
  'company',
  'company_industry',
  'company_headcount_range',
  'company_headcount_custom',
  'company_country',
  'company_location',
  'company_type',
  'company_business_type',
  'company_revenue_stream',
  'company_founded',
  'company_naics',
  'company_technologies',
  'company_technology_categories',
  'contact_details',
  'lists',
  'duplicates',
  'max_person_per_company',
  'sort_by',
  'sort_direction',
].sort();

describe('parsePeopleFilters: the filters value itself', () => {
  it.each([undefined, null])('reads %p as no filters', (raw) => {
    expect(parsePeopleFilters(raw)).toStrictEqual({});
  });

  it('reads {} as no filters', () => {
    expect(parsePeopleFilters({})).toStrictEqual({});
  });

  it.each([
    ['a string', 'VP'],
    ['a number', 5],
    ['a boolean', true],
    ['an array', []],
    ['a Date', new Date(0)],
  ])('answers invalid_value on filters for %s', (_, raw) => {
    const error = expectError(raw, 'filters', 'invalid_value');
    expect(error.value).toBe(raw);
  });

  it('prefixes every field with path', () => {
    expect(errorOf({ nope: 1 }, 'body.filters')).toMatchObject({ field: 'body.filters.nope', code: 'unknown_field' });
    expect(errorOf({ person: { id: { include: ['x'] } } }, 'q')).toMatchObject({
      field: 'q.person.id.include[0]',
      code: 'invalid_format',
    });
    expect(errorOf('x', 'q')).toMatchObject({ field: 'q', code: 'invalid_value' });
  });

  it('rejects an unknown top-level key with every allowed key, sorted', () => {
    const error = expectError({ person_seniority: { include: ['VP'] }, nope: 1 }, 'filters.nope', 'unknown_field');
    expect(error.extra).toEqual({ allowed_fields: ALL_TOP_KEYS });
  });

  it('reads a key whose value is null as absent, at every level', () => {
    expect(
      parsePeopleFilters({
        person: null,
        sort_by: null,
        company: { id: null, name: { include: null, match_mode: null } },
      }),
    ).toStrictEqual({
      company: { name: { include: [], exclude: [], match_mode: 'EXACT' } },
    });
  });

  it('takes no member of Object.prototype for a filter', () => {
    expectError({ constructor: { include: [] } }, 'filters.constructor', 'unknown_field');
    expectError(JSON.parse('{"__proto__": {"sort_by": "company_name"}}'), 'filters.__proto__', 'unknown_field');
    expect(parsePeopleFilters(Object.assign(Object.create(null), { sort_by: 'company_name' }))).toStrictEqual({
      sort_by: 'company_name',
    });
  });
});

describe('parsePeopleFilters: the typed output', () => {
  it('reads every filter into its typed form with trimmed strings, canonical enums and defaults', () => {
    const raw = {
      person: { id: { include: [` ${hex(1)} `], exclude: [hex(2)] }, name: { include: [' José García '] } },
      person_location: { include: ['Germany', 'Berlin, Germany'], exclude: ['US'] },
      company_keywords: {
        include: ['machine learning'],
        exclude: ['crypto'],
        include_all: true,
        sources: ['website_pages', 'SPECIALTIES'],
      },
      person_job_title: { include: ['VP Sales'], exclude: ['Intern'], match_mode: 'exact' },
      person_seniority: { include: ['vp', 'VP', ' director '], exclude: ['Intern'] },
      person_department: { include: ['sales', 'Inside Sales'] },
      person_months_in_current_role: { min: 0, max: 600 },
      person_months_in_current_company: { min: 12 },
      person_job_change: { timeframe_months: 3, change_type: 'PROMOTION' },
      company: {
        id: { include: [hex(3)] },
        domain: {
          include: ['https://www.Globex.com/about', 'globex.com'],
          exclude: ['initech.com:443'],
          match_mode: 'primary',
        },
        name: { include: ['Globex'], match_mode: 'contains' },
        pro_network_id: { include: [42], exclude: [7] },
      },
      company_industry: { include: ['software development', 'Financial Services'] },
      company_headcount_range: ['11-50', '10001+'],
      company_headcount_custom: { min: 10.5, max: 200 },
      company_country: { include: ['de', 'FR'], exclude: ['us'], headquarters_only: true },
      company_location: { include: ['Austin, TX, US'], headquarters_only: true },
      company_type: { include: ['privately held'] },
      company_business_type: { exclude: ['b2c'] },
      company_revenue_stream: { include: ['licensing / ip'] },
      company_founded: { min: 1990, max: 2020 },
      company_naics: { include: [541511], exclude: [1] },
      contact_details: { email: { status: ['VALID', 'accept_all'], revealed: false }, phone: { revealed: true } },
      lists: {
        include: ['list_1'],
        exclude: [' list_2 '],
        saved: 'without_list',
        saved_at: { from: ' 2026-11-01 ', to: '2026-11-30T23:59:59+01:00' },
      },
      duplicates: { exclude_exported: true },
      max_person_per_company: 3,
      sort_by: 'Person_Last_Name',
      sort_direction: 'DESC',
    };
    const expected: PeopleFilters = {
      person: { id: { include: [hex(1)], exclude: [hex(2)] }, name: { include: ['José García'], exclude: [] } },
      person_location: { include: ['Germany', 'Berlin, Germany'], exclude: ['US'], headquarters_only: false },
      company_keywords: {
        include: ['machine learning'],
        exclude: ['crypto'],
        include_all: true,
        sources: ['website_pages', 'specialties'],
      },
      person_job_title: { include: ['VP Sales'], exclude: ['Intern'], match_mode: 'EXACT' },
      person_seniority: { include: ['VP', 'Director'], exclude: ['Intern'] },
      person_department: { include: ['Sales', 'Inside Sales'], exclude: [] },
      person_months_in_current_role: { min: 0, max: 600 },
      person_months_in_current_company: { min: 12 },
      person_job_change: { timeframe_months: 3, change_type: 'promotion' },
      company: {
        id: { include: [hex(3)], exclude: [] },
        domain: { include: ['globex.com'], exclude: ['initech.com'], match_mode: 'PRIMARY' },
        name: { include: ['Globex'], exclude: [], match_mode: 'CONTAINS' },
        pro_network_id: { include: [42], exclude: [7] },
      },
      company_industry: { include: ['Software Development', 'Financial Services'], exclude: [] },
      company_headcount_range: ['11-50', '10001+'],
      company_headcount_custom: { min: 10.5, max: 200 },
      company_country: { include: ['DE', 'FR'], exclude: ['US'], headquarters_only: true },
      company_location: { include: ['Austin, TX, US'], exclude: [], headquarters_only: true },
      company_type: { include: ['Privately Held'], exclude: [] },
      company_business_type: { include: [], exclude: ['B2C'] },
      company_revenue_stream: { include: ['Licensing / IP'], exclude: [] },
      company_founded: { min: 1990, max: 2020 },
      company_naics: { include: [541511], exclude: [1] },
      contact_details: { email: { status: ['valid', 'accept_all'], revealed: false }, phone: { revealed: true } },
      lists: {
        include: ['list_1'],
        exclude: ['list_2'],
        saved: 'without_list',
        saved_at: { from: '2026-11-01', to: '2026-11-30T23:59:59+01:00' },
      },
      duplicates: { exclude_exported: true },
      max_person_per_company: 3,
      sort_by: 'person_last_name',
      sort_direction: 'desc',
    };
    expect(parsePeopleFilters(raw)).toStrictEqual(expected);
  });

  it('applies the defaults of every filter that has them', () => {
    expect(
      parsePeopleFilters({
        person: {},
        person_location: {},
        company_keywords: { include: ['abc'] },
        person_job_title: {},
        person_seniority: {},
        person_job_change: { timeframe_months: 1 },
        company: { domain: {}, name: {}, id: {}, pro_network_id: {} },
        company_country: {},
        company_location: {},
        company_naics: {},
        company_headcount_custom: {},
        contact_details: { email: {}, phone: {} },
        lists: {},
        duplicates: {},
      }),
    ).toStrictEqual({
      person: {},
      person_location: { include: [], exclude: [], headquarters_only: false },
      company_keywords: { include: ['abc'], exclude: [], include_all: false, sources: ['specialties'] },
      person_job_title: { include: [], exclude: [], match_mode: 'CONTAINS' },
      person_seniority: { include: [], exclude: [] },
      person_job_change: { timeframe_months: 1, change_type: 'any' },
      company: {
        id: { include: [], exclude: [] },
        domain: { include: [], exclude: [], match_mode: 'ORGANIZATION' },
        name: { include: [], exclude: [], match_mode: 'EXACT' },
        pro_network_id: { include: [], exclude: [] },
      },
      company_country: { include: [], exclude: [], headquarters_only: false },
      company_location: { include: [], exclude: [], headquarters_only: false },
      company_naics: { include: [], exclude: [] },
      company_headcount_custom: {},
      contact_details: { email: {}, phone: {} },
      lists: { include: [], exclude: [] },
      duplicates: { exclude_exported: false },
    });
  });

  it('drops sort_direction without sort_by (ignored, docs/people-search.md), but still checks it', () => {
    expect(parsePeopleFilters({ sort_direction: 'asc' })).toStrictEqual({});
    expect(parsePeopleFilters({ sort_by: 'company_name' })).toStrictEqual({ sort_by: 'company_name' });
    expect(parsePeopleFilters({ sort_by: 'company_name', sort_direction: 'asc' })).toStrictEqual({
      sort_by: 'company_name',
      sort_direction: 'asc',
    });
    expectError({ sort_direction: 'up' }, 'filters.sort_direction', 'invalid_value');
  });

  it('takes every sort key', () => {
    for (const key of SORT_KEYS)
      expect(parsePeopleFilters({ sort_by: key.toUpperCase() })).toStrictEqual({ sort_by: key });
  });
});

describe('parsePeopleFilters: unknown keys at every level', () => {
  it.each([
    [{ person: { email: 'x' } }, 'filters.person.email', ['id', 'name', 'pro_network_url']],
    [{ person: { id: { include: [], all: true } } }, 'filters.person.id.all', ['exclude', 'include']],
    [{ person: { name: { match_mode: 'EXACT' } } }, 'filters.person.name.match_mode', ['exclude', 'include']],
    [
      { person: { pro_network_url: { include: urls(1), exclude: [] } } },
      'filters.person.pro_network_url.exclude',
      ['include'],
    ],
    [
      { person_location: { headquarters_only: true } },
      'filters.person_location.headquarters_only',
      ['exclude', 'include'],
    ],
    [{ company_location: { hq: true } }, 'filters.company_location.hq', ['exclude', 'headquarters_only', 'include']],
    [
      { company_keywords: { include: ['abc'], mode: 'x' } },
      'filters.company_keywords.mode',
      ['exclude', 'include', 'include_all', 'sources'],
    ],
    [
      { person_job_title: { contains: [] } },
      'filters.person_job_title.contains',
      ['boolean_search', 'exclude', 'include', 'match_mode'],
    ],
    [{ person_seniority: { any: [] } }, 'filters.person_seniority.any', ['exclude', 'include']],
    [{ person_department: { groups: [] } }, 'filters.person_department.groups', ['exclude', 'include']],
    [{ person_months_in_current_role: { from: 1 } }, 'filters.person_months_in_current_role.from', ['max', 'min']],
    [{ person_months_in_current_company: { to: 1 } }, 'filters.person_months_in_current_company.to', ['max', 'min']],
    [
      { person_job_change: { timeframe_days: 30 } },
      'filters.person_job_change.timeframe_days',
      ['change_type', 'timeframe_months'],
    ],
    [{ company: { website: 'x' } }, 'filters.company.website', ['domain', 'id', 'name', 'pro_network_id']],
    [{ company: { id: { in: [] } } }, 'filters.company.id.in', ['exclude', 'include']],
    [{ company: { domain: { mode: 'PRIMARY' } } }, 'filters.company.domain.mode', ['exclude', 'include', 'match_mode']],
    [{ company: { name: { mode: 'EXACT' } } }, 'filters.company.name.mode', ['exclude', 'include', 'match_mode']],
    [
      { company: { pro_network_id: { match_mode: 'ANY' } } },
      'filters.company.pro_network_id.match_mode',
      ['exclude', 'include'],
    ],
    [{ company_industry: { groups: [] } }, 'filters.company_industry.groups', ['exclude', 'include']],
    [{ company_headcount_custom: { minimum: 1 } }, 'filters.company_headcount_custom.minimum', ['max', 'min']],
    [{ company_country: { codes: [] } }, 'filters.company_country.codes', ['exclude', 'headquarters_only', 'include']],
    [{ company_type: { x: [] } }, 'filters.company_type.x', ['exclude', 'include']],
    [{ company_business_type: { x: [] } }, 'filters.company_business_type.x', ['exclude', 'include']],
    [{ company_revenue_stream: { x: [] } }, 'filters.company_revenue_stream.x', ['exclude', 'include']],
    [{ company_founded: { year: 2000 } }, 'filters.company_founded.year', ['max', 'min']],
    [{ company_naics: { codes: [] } }, 'filters.company_naics.codes', ['exclude', 'include']],
    [{ company_technologies: { ids: [] } }, 'filters.company_technologies.ids', ['exclude', 'include', 'match_mode']],
    [
      { company_technology_categories: { match_mode: 'ANY' } },
      'filters.company_technology_categories.match_mode',
      ['exclude', 'include'],
    ],
    [{ contact_details: { linkedin: {} } }, 'filters.contact_details.linkedin', ['email', 'phone']],
    [{ contact_details: { email: { address: 'x' } } }, 'filters.contact_details.email.address', ['revealed', 'status']],
    [{ contact_details: { phone: { number: 'x' } } }, 'filters.contact_details.phone.number', ['revealed', 'status']],
    [{ lists: { ids: [] } }, 'filters.lists.ids', ['exclude', 'include', 'saved', 'saved_at']],
    [{ lists: { saved_at: { since: '2026-01-01' } } }, 'filters.lists.saved_at.since', ['from', 'to']],
    [{ duplicates: { exclude_saved: true } }, 'filters.duplicates.exclude_saved', ['exclude_exported']],
  ])('%j → unknown_field on %s', (raw, field, allowed) => {
    expect(expectError(raw, field, 'unknown_field').extra).toEqual({ allowed_fields: allowed });
  });

  it('answers unknown_field even when the unknown key is null', () => {
    expectError({ company: { domain: { mode: null } } }, 'filters.company.domain.mode', 'unknown_field');
  });
});

describe('parsePeopleFilters: wrong JSON types', () => {
  it.each<[string, unknown, string, unknown]>([
    ['object expected, array given', { person: [] }, 'filters.person', []],
    ['object expected, string given', { company: 'globex' }, 'filters.company', 'globex'],
    ['object expected, number given', { company_founded: 1999 }, 'filters.company_founded', 1999],
    ['array expected, object given', { person: { id: { include: {} } } }, 'filters.person.id.include', {}],
    ['array expected, string given', { person_seniority: { include: 'VP' } }, 'filters.person_seniority.include', 'VP'],
    [
      'array expected for a bare enum list',
      { company_headcount_range: '11-50' },
      'filters.company_headcount_range',
      '11-50',
    ],
    [
      'string item expected, number given',
      { person: { name: { include: ['Ada', 5] } } },
      'filters.person.name.include[1]',
      5,
    ],
    [
      'string item expected, null given',
      { person_job_title: { include: [null] } },
      'filters.person_job_title.include[0]',
      null,
    ],
    [
      'string item expected, array given',
      { person_location: { include: [['DE']] } },
      'filters.person_location.include[0]',
      ['DE'],
    ],
    ['id item expected, number given', { person: { id: { include: [1] } } }, 'filters.person.id.include[0]', 1],
    [
      'domain item expected, object given',
      { company: { domain: { include: [{}] } } },
      'filters.company.domain.include[0]',
      {},
    ],
    [
      'country item expected, number given',
      { company_country: { include: [49] } },
      'filters.company_country.include[0]',
      49,
    ],
    [
      'enum item expected, number given',
      { person_seniority: { include: [1] } },
      'filters.person_seniority.include[0]',
      1,
    ],
    ['enum expected, number given', { sort_by: 1 }, 'filters.sort_by', 1],
    [
      'boolean expected, string given',
      { company_country: { headquarters_only: 'true' } },
      'filters.company_country.headquarters_only',
      'true',
    ],
    [
      'boolean expected, number given',
      { duplicates: { exclude_exported: 1 } },
      'filters.duplicates.exclude_exported',
      1,
    ],
    [
      'boolean expected (include_all)',
      { company_keywords: { include: ['abc'], include_all: 'yes' } },
      'filters.company_keywords.include_all',
      'yes',
    ],
    [
      'boolean expected (revealed)',
      { contact_details: { email: { revealed: 'no' } } },
      'filters.contact_details.email.revealed',
      'no',
    ],
    ['integer expected, string given', { max_person_per_company: '5' }, 'filters.max_person_per_company', '5'],
    [
      'integer expected, boolean given',
      { person_months_in_current_role: { min: true } },
      'filters.person_months_in_current_role.min',
      true,
    ],
    ['number expected, string given', { company_founded: { min: '1990' } }, 'filters.company_founded.min', '1990'],
    [
      'string expected for boolean_search',
      { person_job_title: { boolean_search: 5 } },
      'filters.person_job_title.boolean_search',
      5,
    ],
    [
      'string expected for saved_at.from',
      { lists: { saved_at: { from: 20261101 } } },
      'filters.lists.saved_at.from',
      20261101,
    ],
    [
      'string expected for match_mode',
      { company: { domain: { match_mode: ['PRIMARY'] } } },
      'filters.company.domain.match_mode',
      ['PRIMARY'],
    ],
    ['string expected for a URL', { person: { pro_network_url: [7] } }, 'filters.person.pro_network_url[0]', 7],
    [
      'array or object expected for pro_network_url',
      { person: { pro_network_url: 'https://pronet.example/in/a' } },
      'filters.person.pro_network_url',
      'https://pronet.example/in/a',
    ],
    [
      'number expected, object given (naics)',
      { company_naics: { include: [{}] } },
      'filters.company_naics.include[0]',
      {},
    ],
    ['object expected for saved_at', { lists: { saved_at: '2026-11-01' } }, 'filters.lists.saved_at', '2026-11-01'],
  ])('%s → invalid_value with the received value', (_, raw, field, value) => {
    expect(expectError(raw, field, 'invalid_value').value).toEqual(value);
  });
});

describe('parsePeopleFilters: list sizes', () => {
  type Row = [string, number, number, (items: unknown[]) => unknown, (n: number) => unknown[]];
  const rows: Row[] = [
    ['filters.person.id.include', 0, 100, (v) => ({ person: { id: { include: v } } }), ids],
    ['filters.person.id.exclude', 0, 100, (v) => ({ person: { id: { exclude: v } } }), ids],
    ['filters.person.name.include', 0, 500, (v) => ({ person: { name: { include: v } } }), strings],
    ['filters.person.name.exclude', 0, 500, (v) => ({ person: { name: { exclude: v } } }), strings],
    ['filters.person.pro_network_url', 1, 50, (v) => ({ person: { pro_network_url: v } }), urls],
    ['filters.person.pro_network_url.include', 1, 50, (v) => ({ person: { pro_network_url: { include: v } } }), urls],
    ['filters.person_location.include', 0, 100, (v) => ({ person_location: { include: v } }), strings],
    ['filters.person_location.exclude', 0, 100, (v) => ({ person_location: { exclude: v } }), strings],
    ['filters.company_location.include', 0, 100, (v) => ({ company_location: { include: v } }), strings],
    ['filters.company_location.exclude', 0, 100, (v) => ({ company_location: { exclude: v } }), strings],
    ['filters.company_keywords.include', 1, 20, (v) => ({ company_keywords: { include: v } }), strings],
    ['filters.company_keywords.exclude', 0, 20, (v) => ({ company_keywords: { ...KW, exclude: v } }), strings],
    ['filters.person_job_title.include', 0, 100, (v) => ({ person_job_title: { include: v } }), strings],
    ['filters.person_job_title.exclude', 0, 100, (v) => ({ person_job_title: { exclude: v } }), strings],
    ['filters.company.id.include', 0, 20_000, (v) => ({ company: { id: { include: v } } }), ids],
    ['filters.company.id.exclude', 0, 20_000, (v) => ({ company: { id: { exclude: v } } }), ids],
    ['filters.company.domain.include', 0, 100, (v) => ({ company: { domain: { include: v } } }), domainsOf],
    ['filters.company.domain.exclude', 0, 100, (v) => ({ company: { domain: { exclude: v } } }), domainsOf],
    ['filters.company.name.include', 0, 500, (v) => ({ company: { name: { include: v } } }), strings],
    ['filters.company.name.exclude', 0, 500, (v) => ({ company: { name: { exclude: v } } }), strings],
    ['filters.company.pro_network_id.include', 0, 500, (v) => ({ company: { pro_network_id: { include: v } } }), ints],
    ['filters.company.pro_network_id.exclude', 0, 500, (v) => ({ company: { pro_network_id: { exclude: v } } }), ints],
    ['filters.company_naics.include', 0, 500, (v) => ({ company_naics: { include: v } }), ints],
    ['filters.company_naics.exclude', 0, 500, (v) => ({ company_naics: { exclude: v } }), ints],
    ['filters.lists.include', 0, 100, (v) => ({ lists: { include: v } }), strings],
    ['filters.lists.exclude', 0, 1000, (v) => ({ lists: { exclude: v } }), strings],
  ];

  it.each(rows)('%s: %i-%i items, not one more', (field, min, max, build, make) => {
    expect(() => parsePeopleFilters(build(make(max)))).not.toThrow();
    if (min > 0) {
      expect(() => parsePeopleFilters(build(make(min)))).not.toThrow();
      expectError(build([]), field, 'out_of_range');
    } else {
      expect(() => parsePeopleFilters(build([]))).not.toThrow();
    }
    expectError(build(make(max + 1)), field, 'out_of_range');
  });

  it('takes up to 500 country codes on either side (duplicates allowed, then removed)', () => {
    const codes = Array.from({ length: 500 }, (_, i) => (i % 2 ? 'de' : 'FR'));
    expect(parsePeopleFilters({ company_country: { include: codes, exclude: codes } }).company_country).toEqual({
      include: ['FR', 'DE'],
      exclude: ['FR', 'DE'],
      headquarters_only: false,
    });
    expectError({ company_country: { include: [...codes, 'DE'] } }, 'filters.company_country.include', 'out_of_range');
    expectError({ company_country: { exclude: [...codes, 'DE'] } }, 'filters.company_country.exclude', 'out_of_range');
  });

  it('checks technology list sizes before refusing the filter', () => {
    const tech = (v: unknown[], side = 'include') => ({ company_technologies: { [side]: v } });
    const cat = (v: unknown[], side = 'include') => ({ company_technology_categories: { [side]: v } });
    for (const side of ['include', 'exclude']) {
      expectError(tech(strings(500), side), 'filters.company_technologies', 'invalid_value');
      expectError(tech(strings(501), side), `filters.company_technologies.${side}`, 'out_of_range');
      expectError(cat(strings(200), side), 'filters.company_technology_categories', 'invalid_value');
      expectError(cat(strings(201), side), `filters.company_technology_categories.${side}`, 'out_of_range');
    }
  });

  it('requires company_keywords.include', () => {
    expectError({ company_keywords: {} }, 'filters.company_keywords.include', 'invalid_value');
    expectError(
      { company_keywords: { include: null, exclude: ['abc'] } },
      'filters.company_keywords.include',
      'invalid_value',
    );
  });

  it('needs at least one keyword source when sources is given', () => {
    expectError({ company_keywords: { ...KW, sources: [] } }, 'filters.company_keywords.sources', 'out_of_range');
  });

  it('requires 1-50 URLs in the object form of pro_network_url', () => {
    expectError({ person: { pro_network_url: {} } }, 'filters.person.pro_network_url.include', 'out_of_range');
    expect(parsePeopleFilters({ person: { pro_network_url: { include: urls(2) } } })).toStrictEqual({
      person: { pro_network_url: urls(2) },
    });
  });
});

describe('parsePeopleFilters: enum lists', () => {
  type Row = [string, (items: unknown[]) => unknown, readonly string[]];
  const rows: Row[] = [
    ['filters.person_seniority.include', (v) => ({ person_seniority: { include: v } }), SENIORITIES],
    ['filters.person_seniority.exclude', (v) => ({ person_seniority: { exclude: v } }), SENIORITIES],
    ['filters.person_department.include', (v) => ({ person_department: { include: v } }), DEPARTMENTS],
    ['filters.person_department.exclude', (v) => ({ person_department: { exclude: v } }), DEPARTMENTS],
    ['filters.company_industry.include', (v) => ({ company_industry: { include: v } }), INDUSTRY_VALUES],
    ['filters.company_industry.exclude', (v) => ({ company_industry: { exclude: v } }), INDUSTRY_VALUES],
    ['filters.company_headcount_range', (v) => ({ company_headcount_range: v }), RANGES],
    ['filters.company_type.include', (v) => ({ company_type: { include: v } }), COMPANY_TYPES],
    ['filters.company_type.exclude', (v) => ({ company_type: { exclude: v } }), COMPANY_TYPES],
    ['filters.company_business_type.include', (v) => ({ company_business_type: { include: v } }), BUSINESS_TYPES],
    ['filters.company_business_type.exclude', (v) => ({ company_business_type: { exclude: v } }), BUSINESS_TYPES],
    ['filters.company_revenue_stream.include', (v) => ({ company_revenue_stream: { include: v } }), REVENUE_STREAMS],
    ['filters.company_revenue_stream.exclude', (v) => ({ company_revenue_stream: { exclude: v } }), REVENUE_STREAMS],
    [
      'filters.company_keywords.sources',
      (v) => ({ company_keywords: { ...KW, sources: v } }),
      ['specialties', 'social_media_description', 'website_pages'],
    ],
    ['filters.contact_details.email.status', (v) => ({ contact_details: { email: { status: v } } }), EMAIL_STATUSES],
    ['filters.contact_details.phone.status', (v) => ({ contact_details: { phone: { status: v } } }), PHONE_STATUSES],
  ];
  const read = (raw: unknown, field: string): unknown => {
    const path = field.replace(/^filters\./, '').split('.');
    return path.reduce<any>((o, key) => o?.[key], parsePeopleFilters(raw));
  };

  it.each(rows)(
    '%s: every value in any case, canonical and without duplicates; at most as many items as values',
    (field, build, values) => {
      expect(read(build(values.map((v) => ` ${v.toUpperCase()} `)), field)).toEqual([...values]);
      expect(read(build([values[0], values[0].toLowerCase()]), field)).toEqual([values[0]]);
      expectError(build([...values, values[0]]), field, 'out_of_range');
    },
  );

  it.each(rows)(
    '%s: an unknown value → invalid_value on the item, listing the values when at most 50',
    (field, build, values) => {
      const error = expectError(build([values[0], 'Nope']), `${field}[1]`, 'invalid_value');
      expect(error.value).toBe('Nope');
      expect(error.extra).toEqual(values.length <= 50 ? { allowed_values: [...values] } : {});
    },
  );

  it('lists no values for departments and industries (more than 50): the message names the enumeration', () => {
    expect(DEPARTMENTS.length).toBeGreaterThan(50);
    expect(INDUSTRY_VALUES.length).toBeGreaterThan(50);
    expect(errorOf({ person_department: { include: ['Nope'] } }).message).toContain('GET /v2/enums/departments');
    expect(errorOf({ company_industry: { include: ['Nope'] } }).message).toContain('GET /v2/enums/industries');
  });

  it('takes industry groups and industries alike', () => {
    const group = Object.keys(INDUSTRY_GROUPS)[1];
    const industry = INDUSTRY_GROUPS[group][0];
    expect(
      parsePeopleFilters({ company_industry: { include: [group.toLowerCase(), industry.toUpperCase()] } })
        .company_industry,
    ).toEqual({ include: [group, industry], exclude: [] });
  });
});

describe('parsePeopleFilters: single enum values', () => {
  it.each<[string, (v: unknown) => unknown, readonly string[], string, unknown]>([
    [
      'filters.person_job_title.match_mode',
      (v) => ({ person_job_title: { match_mode: v } }),
      ['CONTAINS', 'EXACT'],
      'exact',
      { person_job_title: { include: [], exclude: [], match_mode: 'EXACT' } },
    ],
    [
      'filters.company.domain.match_mode',
      (v) => ({ company: { domain: { match_mode: v } } }),
      ['ORGANIZATION', 'PRIMARY', 'LINKEDIN_WEBSITE'],
      'linkedin_website',
      { company: { domain: { include: [], exclude: [], match_mode: 'LINKEDIN_WEBSITE' } } },
    ],
    [
      'filters.company.name.match_mode',
      (v) => ({ company: { name: { match_mode: v } } }),
      ['EXACT', 'CONTAINS'],
      ' Contains ',
      { company: { name: { include: [], exclude: [], match_mode: 'CONTAINS' } } },
    ],
    [
      'filters.person_job_change.change_type',
      (v) => ({ person_job_change: { timeframe_months: 2, change_type: v } }),
      ['any', 'promotion', 'new_company'],
      'NEW_COMPANY',
      { person_job_change: { timeframe_months: 2, change_type: 'new_company' } },
    ],
    [
      'filters.lists.saved',
      (v) => ({ lists: { saved: v } }),
      ['any', 'none', 'without_list'],
      'Any',
      { lists: { include: [], exclude: [], saved: 'any' } },
    ],
    ['filters.sort_by', (v) => ({ sort_by: v }), SORT_KEYS, 'COMPANY_FOUNDED', { sort_by: 'company_founded' }],
    [
      'filters.sort_direction',
      (v) => ({ sort_by: 'company_name', sort_direction: v }),
      ['asc', 'desc'],
      'ASC',
      { sort_by: 'company_name', sort_direction: 'asc' },
    ],
  ])(
    '%s: case-insensitive, canonical; unknown → invalid_value with allowed_values',
    (field, build, values, spelled, output) => {
      expect(parsePeopleFilters(build(spelled))).toStrictEqual(output);
      const error = expectError(build('nope'), field, 'invalid_value');
      expect(error.value).toBe('nope');
      expect(error.extra).toEqual({ allowed_values: [...values] });
    },
  );

  it('checks company_technologies.match_mode (ANY, ALL) before refusing the filter', () => {
    expectError({ company_technologies: { match_mode: 'all' } }, 'filters.company_technologies', 'invalid_value');
    expectError({ company_technologies: { match_mode: 'ANY' } }, 'filters.company_technologies', 'invalid_value');
    expect(
      expectError(
        { company_technologies: { match_mode: 'SOME' } },
        'filters.company_technologies.match_mode',
        'invalid_value',
      ).extra,
    ).toEqual({ allowed_values: ['ANY', 'ALL'] });
  });
});

describe('parsePeopleFilters: string lengths (after trimming)', () => {
  type Row = [string, number, number, (v: string) => unknown];
  const rows: Row[] = [
    ['filters.person.name.include[0]', 1, 200, (v) => ({ person: { name: { include: [v] } } })],
    ['filters.person.name.exclude[0]', 1, 200, (v) => ({ person: { name: { exclude: [v] } } })],
    ['filters.person_location.include[0]', 2, 200, (v) => ({ person_location: { include: [v] } })],
    ['filters.person_location.exclude[0]', 2, 200, (v) => ({ person_location: { exclude: [v] } })],
    ['filters.company_location.include[0]', 2, 200, (v) => ({ company_location: { include: [v] } })],
    ['filters.company_location.exclude[0]', 2, 200, (v) => ({ company_location: { exclude: [v] } })],
    ['filters.company_keywords.include[0]', 3, 100, (v) => ({ company_keywords: { include: [v] } })],
    ['filters.company_keywords.exclude[0]', 3, 100, (v) => ({ company_keywords: { ...KW, exclude: [v] } })],
    ['filters.person_job_title.include[0]', 2, 100, (v) => ({ person_job_title: { include: [v] } })],
    ['filters.person_job_title.exclude[0]', 2, 100, (v) => ({ person_job_title: { exclude: [v] } })],
    ['filters.company.name.include[0]', 1, 200, (v) => ({ company: { name: { include: [v] } } })],
    ['filters.company.name.exclude[0]', 1, 200, (v) => ({ company: { name: { exclude: [v] } } })],
    ['filters.lists.include[0]', 1, 64, (v) => ({ lists: { include: [v] } })],
    ['filters.lists.exclude[0]', 1, 64, (v) => ({ lists: { exclude: [v] } })],
  ];

  it.each(rows)('%s: %i-%i characters', (field, min, max, build) => {
    expect(() => parsePeopleFilters(build(`  ${'a'.repeat(min)}  `))).not.toThrow();
    expect(() => parsePeopleFilters(build('a'.repeat(max)))).not.toThrow();
    expectError(build(`  ${'a'.repeat(min - 1)}  `), field, 'out_of_range');
    expectError(build('a'.repeat(max + 1)), field, 'out_of_range');
  });

  it('returns strings trimmed', () => {
    expect(parsePeopleFilters({ person_job_title: { include: ['  VP Sales \n'] } }).person_job_title?.include).toEqual([
      'VP Sales',
    ]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parsePeopleFilters({ person_job_title: { include: ['😀'.repeat(100)] } }).person_job_title?.include).toEqual(
      ['😀'.repeat(100)],
    );
    expectError(
      { person_job_title: { include: ['😀'.repeat(101)] } },
      'filters.person_job_title.include[0]',
      'out_of_range',
    );
  });

  it('checks the length of technology ids (1-200) before refusing the filter', () => {
    expectError(
      { company_technologies: { include: [' '] } },
      'filters.company_technologies.include[0]',
      'out_of_range',
    );
    expectError(
      { company_technology_categories: { exclude: ['x'.repeat(201)] } },
      'filters.company_technology_categories.exclude[0]',
      'out_of_range',
    );
  });
});

describe('parsePeopleFilters: person', () => {
  it.each([
    ['uppercase hex', hex(1).toUpperCase().replace('0', 'A')],
    ['23 characters', hex(1).slice(1)],
    ['25 characters', `${hex(1)}0`],
    ['not hex', 'g'.repeat(24)],
  ])('person and company ids: %s → invalid_format on the item', (_, bad) => {
    expectError({ person: { id: { include: [hex(1), bad] } } }, 'filters.person.id.include[1]', 'invalid_format');
    expectError({ person: { id: { exclude: [bad] } } }, 'filters.person.id.exclude[0]', 'invalid_format');
    expectError({ company: { id: { include: [bad] } } }, 'filters.company.id.include[0]', 'invalid_format');
    expectError(
      { company: { id: { exclude: [hex(2), hex(3), bad] } } },
      'filters.company.id.exclude[2]',
      'invalid_format',
    );
  });

  it.each([
    'https://pronet.example/in/ada',
    'http://www.pronet.example/in/ada/',
    'pronet.example/in/ada',
    'www.pronet.example:8080/in/ada?x=1',
    'https://sub.pronet.example/',
  ])('takes %s as a professional-network URL, as sent', (url) => {
    expect(parsePeopleFilters({ person: { pro_network_url: [` ${url} `] } })).toStrictEqual({
      person: { pro_network_url: [url] },
    });
  });

  it.each([
    'ada-lovelace',
    'https://pronet/in/ada',
    'pronet.example',
    'https://pronet.example',
    'pronet.example/in/a b',
    '/in/ada',
    'https:///in/ada',
  ])('rejects %s: invalid_format', (url) => {
    expectError(
      { person: { pro_network_url: [urls(1)[0], url] } },
      'filters.person.pro_network_url[1]',
      'invalid_format',
    );
  });

  it('keeps URL order and takes URLs of 1-500 characters', () => {
    expect(
      parsePeopleFilters({ person: { pro_network_url: ['pronet.example/in/b', 'pronet.example/in/a'] } }).person,
    ).toEqual({ pro_network_url: ['pronet.example/in/b', 'pronet.example/in/a'] });
    const long = (n: number) => `https://pronet.example/in/${'a'.repeat(n - 26)}`;
    expect(long(500)).toHaveLength(500);
    expect(() => parsePeopleFilters({ person: { pro_network_url: [long(500)] } })).not.toThrow();
    expectError({ person: { pro_network_url: [long(501)] } }, 'filters.person.pro_network_url[0]', 'out_of_range');
    expectError({ person: { pro_network_url: ['  '] } }, 'filters.person.pro_network_url[0]', 'out_of_range');
  });

  it.each([
    ['id include', { id: { include: [hex(1)] } }],
    ['id exclude', { id: { exclude: [hex(1)] } }],
    ['name include', { name: { include: ['Ada'] } }],
    ['name exclude', { name: { exclude: ['Ada'] } }],
  ])('pro_network_url with a non-empty %s → conflicting_fields', (_, other) => {
    expectError(
      { person: { ...other, pro_network_url: urls(1) } },
      'filters.person.pro_network_url',
      'conflicting_fields',
    );
    expectError(
      { person: { pro_network_url: { include: urls(1) }, ...other } },
      'filters.person.pro_network_url',
      'conflicting_fields',
    );
  });

  it('lets pro_network_url stand beside an empty id or name', () => {
    expect(parsePeopleFilters({ person: { id: {}, name: { include: [] }, pro_network_url: urls(1) } }).person).toEqual({
      id: { include: [], exclude: [] },
      name: { include: [], exclude: [] },
      pro_network_url: urls(1),
    });
  });
});

describe('parsePeopleFilters: person_job_title.boolean_search', () => {
  const field = 'filters.person_job_title.boolean_search';

  it('stores the parsed tree in `boolean`, positions counted from the first character sent', () => {
    const search = " 'Software Engineer' AND !Senior ";
    const parsed = parsePeopleFilters({ person_job_title: { boolean_search: search } }).person_job_title;
    expect(parsed).toStrictEqual({
      include: [],
      exclude: [],
      match_mode: 'CONTAINS',
      boolean: parseBooleanSearch(search),
    });
    expect(parsed?.boolean).toMatchObject({
      kind: 'and',
      nodes: [
        { kind: 'term', position: 2 },
        { kind: 'not', position: 26 },
      ],
    });
  });

  it.each(['', '   '])('reads %p as absent, even beside include', (search) => {
    expect(
      parsePeopleFilters({ person_job_title: { include: ['VP Sales'], boolean_search: search } }).person_job_title,
    ).toStrictEqual({ include: ['VP Sales'], exclude: [], match_mode: 'CONTAINS' });
  });

  it.each([
    ['include', { include: ['VP Sales'] }],
    ['exclude', { exclude: ['Intern'] }],
  ])('with a non-empty %s → conflicting_fields', (_, other) => {
    expectError({ person_job_title: { ...other, boolean_search: 'Sales' } }, field, 'conflicting_fields');
  });

  it('takes empty include and exclude beside it', () => {
    expect(
      parsePeopleFilters({
        person_job_title: { include: [], exclude: [], boolean_search: 'Sales', match_mode: 'EXACT' },
      }).person_job_title?.boolean,
    ).toEqual(parseBooleanSearch('Sales'));
  });

  it('takes 20,000 characters, not one more', () => {
    // 200 terms of 96 letters joined by " OR " is 19,996 characters; 4 more letters on the first term make 20,000.
    const terms = Array.from({ length: 200 }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(i === 0 ? 100 : 96));
    const search = terms.join(' OR ');
    expect(search).toHaveLength(20_000);
    expect(
      parsePeopleFilters({ person_job_title: { boolean_search: search } }).person_job_title?.boolean,
    ).toBeDefined();
    expectError({ person_job_title: { boolean_search: `${search}a` } }, field, 'out_of_range');
  });

  it.each([
    'Sales AND Marketing OR Manager',
    '(Sales',
    'Sales Manager',
    'a',
    `${'x'.repeat(101)}`,
    '((((((Sales))))))',
  ])('turns the parser error for %p into a FilterValidationError with its position', (search) => {
    let parserError: BooleanSearchError | undefined;
    try {
      parseBooleanSearch(search);
    } catch (error) {
      parserError = error as BooleanSearchError;
    }
    expect(parserError).toBeInstanceOf(BooleanSearchError);
    const error = expectError({ person_job_title: { boolean_search: search } }, field, parserError!.code);
    expect(error.message).toBe(parserError!.message);
    expect(error.extra).toEqual({ position: parserError!.position });
  });

  it('answers invalid_format when the parser fails in any other way', () => {
    const spy = jest.spyOn(booleanQuery, 'parseBooleanSearch').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    try {
      expectError({ person_job_title: { boolean_search: 'Sales' } }, field, 'invalid_format');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('parsePeopleFilters: numbers', () => {
  type Row = [string, (v: unknown) => unknown, ok: number[], outOfRange: number[], notInteger: unknown[]];
  const rows: Row[] = [
    [
      'filters.person_months_in_current_role.min',
      (v) => ({ person_months_in_current_role: { min: v } }),
      [0, 600],
      [-1, 601],
      [1.5],
    ],
    [
      'filters.person_months_in_current_role.max',
      (v) => ({ person_months_in_current_role: { max: v } }),
      [0, 600],
      [-1, 601],
      [0.1],
    ],
    [
      'filters.person_months_in_current_company.min',
      (v) => ({ person_months_in_current_company: { min: v } }),
      [0, 600],
      [-1, 601],
      [2.5],
    ],
    [
      'filters.person_months_in_current_company.max',
      (v) => ({ person_months_in_current_company: { max: v } }),
      [0, 600],
      [-1, 601],
      [2.5],
    ],
    [
      'filters.person_job_change.timeframe_months',
      (v) => ({ person_job_change: { timeframe_months: v } }),
      [1, 1000],
      [0, 1001],
      [1.5, NaN],
    ],
    ['filters.max_person_per_company', (v) => ({ max_person_per_company: v }), [1, 100], [0, 101, -5], [1.5, Infinity]],
    [
      'filters.company_naics.include[0]',
      (v) => ({ company_naics: { include: [v] } }),
      [1, 999_999],
      [0, 1_000_000],
      [5415.1, '541511'],
    ],
    [
      'filters.company_naics.exclude[0]',
      (v) => ({ company_naics: { exclude: [v] } }),
      [1, 999_999],
      [0, 1_000_000],
      [5415.1],
    ],
    [
      'filters.company_founded.min',
      (v) => ({ company_founded: { min: v } }),
      [0, 9999, 1999.5],
      [-1, 10_000],
      [NaN, Infinity],
    ],
    ['filters.company_founded.max', (v) => ({ company_founded: { max: v } }), [0, 9999], [-0.5, 10_000], [-Infinity]],
    [
      'filters.company_headcount_custom.min',
      (v) => ({ company_headcount_custom: { min: v } }),
      [0, 10.5, 1e9],
      [-1, -0.1],
      [NaN, Infinity],
    ],
    [
      'filters.company_headcount_custom.max',
      (v) => ({ company_headcount_custom: { max: v } }),
      [0, 1e9],
      [-1],
      [Infinity],
    ],
  ];

  it.each(rows)(
    '%s: in range ok, out of range → out_of_range, wrong kind → invalid_value',
    (field, build, ok, outOfRange, notInteger) => {
      for (const v of ok) expect(() => parsePeopleFilters(build(v))).not.toThrow();
      for (const v of outOfRange) expect(expectError(build(v), field, 'out_of_range').value).toBe(v);
      for (const v of notInteger) expectError(build(v), field, 'invalid_value');
    },
  );

  it.each([
    ['person_months_in_current_role', 5, 4],
    ['person_months_in_current_company', 600, 0],
    ['company_founded', 2000, 1999.5],
    ['company_headcount_custom', 10, 9],
  ])('%s: max below min → out_of_range on max; max equal to min is fine', (key, min, max) => {
    expectError({ [key]: { min, max } }, `filters.${key}.max`, 'out_of_range');
    expect(parsePeopleFilters({ [key]: { min, max: min } })).toStrictEqual({ [key]: { min, max: min } });
  });

  it('requires timeframe_months', () => {
    expectError({ person_job_change: {} }, 'filters.person_job_change.timeframe_months', 'invalid_value');
    expectError(
      { person_job_change: { change_type: 'any', timeframe_months: null } },
      'filters.person_job_change.timeframe_months',
      'invalid_value',
    );
  });
});

describe('parsePeopleFilters: company', () => {
  it.each([
    ['https://www.Globex.com/about?x=1', 'globex.com'],
    ['HTTP://globex.com:8080', 'globex.com'],
    ['globex.com.', 'globex.com'],
    ['  shop.globex.co.uk/path  ', 'shop.globex.co.uk'],
    ['www.globex.com#top', 'globex.com'],
  ])('normalises domain %s to %s', (raw, domain) => {
    expect(parsePeopleFilters({ company: { domain: { include: [raw], exclude: [raw] } } }).company?.domain).toEqual({
      include: [domain],
      exclude: [domain],
      match_mode: 'ORGANIZATION',
    });
  });

  it('removes duplicate domains after normalising', () => {
    expect(
      parsePeopleFilters({ company: { domain: { include: ['globex.com', 'https://www.GLOBEX.com/', 'initech.com'] } } })
        .company?.domain?.include,
    ).toEqual(['globex.com', 'initech.com']);
  });

  it.each(['localhost', 'not a domain', 'globex', '', 'https://', '1.2.3.4', 'globex..com', '-globex.com'])(
    'rejects domain %p: invalid_format on the item',
    (raw) => {
      expectError(
        { company: { domain: { include: ['globex.com', raw] } } },
        'filters.company.domain.include[1]',
        'invalid_format',
      );
      expectError({ company: { domain: { exclude: [raw] } } }, 'filters.company.domain.exclude[0]', 'invalid_format');
    },
  );

  it('pro_network_id: a string is refused as a URL, a fraction as the wrong kind, zero and below as out of range', () => {
    expect(
      expectError(
        { company: { pro_network_id: { include: [1, 'https://pronet.example/company/globex'] } } },
        'filters.company.pro_network_id.include[1]',
        'invalid_value',
      ).message,
    ).toMatch(/URLs are not accepted/);
    expect(errorOf({ company: { pro_network_id: { include: ['123'] } } }).message).toMatch(/URLs are not accepted/);
    expectError(
      { company: { pro_network_id: { exclude: [1.5] } } },
      'filters.company.pro_network_id.exclude[0]',
      'invalid_value',
    );
    expectError(
      { company: { pro_network_id: { include: [true] } } },
      'filters.company.pro_network_id.include[0]',
      'invalid_value',
    );
    expectError(
      { company: { pro_network_id: { include: [0] } } },
      'filters.company.pro_network_id.include[0]',
      'out_of_range',
    );
    expectError(
      { company: { pro_network_id: { include: [-3] } } },
      'filters.company.pro_network_id.include[0]',
      'out_of_range',
    );
    expectError(
      { company: { pro_network_id: { include: [2 ** 53] } } },
      'filters.company.pro_network_id.include[0]',
      'out_of_range',
    );
  });

  it('company_country: 2 letters of a known ISO code, returned upper-case', () => {
    expect(parsePeopleFilters({ company_country: { include: [' de '], exclude: ['Fr'] } }).company_country).toEqual({
      include: ['DE'],
      exclude: ['FR'],
      headquarters_only: false,
    });
    for (const bad of ['DEU', 'D', 'D1', '', 'd e'])
      expectError(
        { company_country: { include: ['DE', bad] } },
        'filters.company_country.include[1]',
        'invalid_format',
      );
    expect(
      expectError({ company_country: { exclude: ['XX'] } }, 'filters.company_country.exclude[0]', 'invalid_value')
        .value,
    ).toBe('XX');
  });

  it('company_location takes headquarters_only, person_location does not', () => {
    expect(
      parsePeopleFilters({ company_location: { include: ['DE'], headquarters_only: true } }).company_location,
    ).toEqual({ include: ['DE'], exclude: [], headquarters_only: true });
    expectError(
      { person_location: { include: ['DE'], headquarters_only: true } },
      'filters.person_location.headquarters_only',
      'unknown_field',
    );
  });
});

describe('parsePeopleFilters: filters not offered yet', () => {
  it.each([
    [
      'filters.company_technologies',
      { company_technologies: { include: ['tech_react'], exclude: [], match_mode: 'ALL' } },
    ],
    ['filters.company_technologies', { company_technologies: {} }],
    ['filters.company_technology_categories', { company_technology_categories: { include: ['cat_analytics'] } }],
    ['filters.company_technology_categories', { company_technology_categories: { exclude: [] } }],
  ])('a well-formed %s → invalid_value saying it is not offered yet', (field, raw) => {
    expect(expectError(raw, field, 'invalid_value').message).toMatch(/not offered yet/);
  });

  it('reads null as absent', () => {
    expect(parsePeopleFilters({ company_technologies: null, company_technology_categories: null })).toStrictEqual({});
  });

  it('reports shape mistakes first', () => {
    expectError({ company_technologies: [] }, 'filters.company_technologies', 'invalid_value');
    expectError({ company_technologies: { include: 'x' } }, 'filters.company_technologies.include', 'invalid_value');
    expectError({ company_technologies: { include: [3] } }, 'filters.company_technologies.include[0]', 'invalid_value');
    expectError(
      { company_technology_categories: { include: [{}] } },
      'filters.company_technology_categories.include[0]',
      'invalid_value',
    );
  });
});

describe('parsePeopleFilters: contact_details, lists, duplicates', () => {
  it('contact_details keeps only what was given', () => {
    expect(
      parsePeopleFilters({
        contact_details: { email: { status: ['not_found'] }, phone: { status: ['Found', 'unknown'], revealed: false } },
      }).contact_details,
    ).toStrictEqual({
      email: { status: ['not_found'] },
      phone: { status: ['found', 'unknown'], revealed: false },
    });
    expect(parsePeopleFilters({ contact_details: {} }).contact_details).toStrictEqual({});
  });

  it.each([
    ['2026-11-01', '2026-11-01'],
    ['2024-02-29', '2024-02-29'],
    ['2026-11-01T10:00:00Z', '2026-11-02T10:00:00.5+02:00'],
    ['2026-11-01T10:00Z', '2026-11-01T10:00Z'],
    ['2026-11-01T10:00:00.123456789-05:30', '2026-11-01'],
    ['0001-01-01', '9999-12-31T23:59:59Z'],
    // PostgreSQL reads offsets up to ±15:59; the extreme years shifted by them stay in its range.
    ['0001-01-01T00:00:00+15:59', '9999-12-31T23:59:59.999999999-15:59'],
    ['2026-11-01T10:00:00-15:59', '2026-11-02T10:00:00+00:00'],
  ])('saved_at takes from %s and to %s, as given', (from, to) => {
    expect(
      parsePeopleFilters({ lists: { saved_at: { from: ` ${from}`, to: `${to} ` } } }).lists?.saved_at,
    ).toStrictEqual({ from, to });
  });

  it.each([
    '2026-13-01',
    '2026-02-30',
    '2023-02-29',
    '0000-01-01',
    '2026-11-01T10:00:00',
    '2026-11-01 10:00:00Z',
    '01/11/2026',
    'yesterday',
    '2026-11-01T24:00:00Z',
    '2026-11-01T10:60Z',
    '2026-11-01T10:00:00+2:00',
    '2026-11-01T10:00:00+16:00',
    '2026-11-01T10:00:00-16:00',
    '2026-11-01T10:00:00+23:59',
    '2026-11-01T10:00:00-19:30',
    '2026-11-01T10:00:00+15:60',
    '2026-11-01T10:00:00+1559',
    '2026-02-30T10:00Z',
    '0000-12-31T23:00:00-15:00',
    '10000-01-01',
    '2026-1-1',
    '',
    `2026-11-01${' '.repeat(100)}x`,
  ])('saved_at rejects %p: invalid_format', (bad) => {
    expectError({ lists: { saved_at: { from: bad } } }, 'filters.lists.saved_at.from', 'invalid_format');
    expectError({ lists: { saved_at: { to: bad } } }, 'filters.lists.saved_at.to', 'invalid_format');
  });

  it.each([
    ['2026-11-02', '2026-11-01'],
    ['2026-11-01T10:00:00Z', '2026-11-01T09:59:59Z'],
    ['2026-11-01T10:00:00.500Z', '2026-11-01T10:00:00.4Z'],
    ['2026-11-01T10:00:00Z', '2026-11-01T11:00:00+02:00'],
    ['2026-11-02T00:00:00Z', '2026-11-01'],
  ])('saved_at from %s and to %s: to before from → out_of_range on to', (from, to) => {
    expectError({ lists: { saved_at: { from, to } } }, 'filters.lists.saved_at.to', 'out_of_range');
  });

  it('a date-only to covers its whole day', () => {
    expect(() =>
      parsePeopleFilters({ lists: { saved_at: { from: '2026-11-01T23:59:59Z', to: '2026-11-01' } } }),
    ).not.toThrow();
  });

  it('duplicates.exclude_exported defaults to false', () => {
    expect(parsePeopleFilters({ duplicates: {} }).duplicates).toEqual({ exclude_exported: false });
    expect(parsePeopleFilters({ duplicates: { exclude_exported: true } }).duplicates).toEqual({
      exclude_exported: true,
    });
  });
});

describe('parsePeopleFilters: hostile inputs', () => {
  it('fails a 1,000,000-item array on its size without reading an item', () => {
    const huge = new Proxy(new Array(1_000_000), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) throw new Error(`item ${key} was read`);
        return Reflect.get(target, key, receiver);
      },
    });
    expectError({ company: { id: { include: huge } } }, 'filters.company.id.include', 'out_of_range');
    expectError({ company_headcount_range: huge }, 'filters.company_headcount_range', 'out_of_range');
    expectError({ person: { pro_network_url: huge } }, 'filters.person.pro_network_url', 'out_of_range');
  });

  it('stops at the first unknown level of a 1,000-deep nesting', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 1000; i++) deep = { person: deep };
    expectError(deep, 'filters.person.person', 'unknown_field');
    let arrays: unknown = 'x';
    for (let i = 0; i < 1000; i++) arrays = [arrays];
    expectError({ person: { id: { include: arrays } } }, 'filters.person.id.include[0]', 'invalid_value');
    expectError(
      { person_months_in_current_role: { min: arrays } },
      'filters.person_months_in_current_role.min',
      'invalid_value',
    );
  });

  it('stops at the first unknown key of an object with 100,000 keys', () => {
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
    expectError(wide, 'filters.k0', 'unknown_field');
  });

  it('checks a 10 MB string on its length', () => {
    const big = 'a'.repeat(10_000_000);
    expectError({ person_job_title: { include: [big] } }, 'filters.person_job_title.include[0]', 'out_of_range');
    expectError(
      { person_job_title: { boolean_search: big } },
      'filters.person_job_title.boolean_search',
      'out_of_range',
    );
    expectError({ lists: { saved_at: { from: big } } }, 'filters.lists.saved_at.from', 'invalid_format');
    expectError({ company: { domain: { include: [big] } } }, 'filters.company.domain.include[0]', 'invalid_format');
  });

  it('throws nothing but FilterValidationError for random JSON', () => {
    // Deterministic pseudo-random values built from the filter vocabulary, so a failure reproduces.
    let seed = 42;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const keys = [
      ...ALL_TOP_KEYS,
      'id',
      'name',
      'pro_network_url',
      'include',
      'exclude',
      'match_mode',
      'boolean_search',
      'min',
      'max',
      'timeframe_months',
      'change_type',
      'domain',
      'pro_network_id',
      'headquarters_only',
      'include_all',
      'sources',
      'email',
      'phone',
      'status',
      'revealed',
      'saved',
      'saved_at',
      'from',
      'to',
      'exclude_exported',
    ];
    const scalars: unknown[] = [
      null,
      true,
      false,
      0,
      -1,
      1.5,
      3,
      1e9,
      '',
      ' ',
      'VP',
      'de',
      'globex.com',
      hex(1),
      '2026-11-01',
      'a(b',
      'Sales OR',
      'https://pronet.example/in/a',
      'CONTAINS',
      'any',
    ];
    const value = (depth: number): unknown => {
      const r = rand();
      if (depth > 4 || r < 0.4) return pick(scalars);
      if (r < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(rand() * 4); i > 0; i--) o[pick(keys)] = value(depth + 1);
      return o;
    };
    for (let i = 0; i < 3000; i++) {
      const raw = { [pick(ALL_TOP_KEYS)]: value(0) };
      try {
        parsePeopleFilters(raw);
      } catch (error) {
        if (!(error instanceof FilterValidationError)) throw new Error(`${JSON.stringify(raw)} threw ${error}`);
        expect(error.field.startsWith('filters')).toBe(true);
        expect(['out_of_range', 'conflicting_fields', 'unknown_field', 'invalid_value', 'invalid_format']).toContain(
          error.code,
        );
      }
    }
  });
});
