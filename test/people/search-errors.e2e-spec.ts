import { HttpAnswer } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';
import { C, expectIds, importPeopleFixture, P, personUrl, search } from '../support/people-fixtures';

// POST /v2/people/search with wrong input: every limit, enum, mutual exclusion, max < min, wrong
// types and unknown keys at several depths, boolean_search errors with their position, unresolvable
// locations and lists. Each must answer 400 VALIDATION_ERROR with `payload.field` (dotted path) and
// `payload.code` as docs/people-search.md says; nothing may answer 5xx, and adversarial inputs at the
// documented maximum sizes must answer within a few seconds.

jest.setTimeout(120_000);

const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const hexId = (prefix: string, i: number) => prefix + i.toString(16).padStart(22, '0');
const f = (filters: unknown) => ({ filters });
const URL1 = personUrl('jose');

/** [what, body, payload.field, payload.code] */
type Case = [string, unknown, string, string];

const UNKNOWN_KEYS: Case[] = [
  ['top level', { filters: {}, query: 'x' }, 'query', 'unknown_field'],
  ['filters', f({ bogus: {} }), 'filters.bogus', 'unknown_field'],
  ['filters.person', f({ person: { email: ['a@b.c'] } }), 'filters.person.email', 'unknown_field'],
  [
    'filters.person.name',
    f({ person: { name: { contains: ['x'] } } }),
    'filters.person.name.contains',
    'unknown_field',
  ],
  [
    'filters.company.id',
    f({ company: { id: { includes: [C.acme] } } }),
    'filters.company.id.includes',
    'unknown_field',
  ],
  [
    'filters.company.domain',
    f({ company: { domain: { include: ['globex.com'], mode: 'PRIMARY' } } }),
    'filters.company.domain.mode',
    'unknown_field',
  ],
  [
    'filters.company_keywords',
    f({ company_keywords: { include: ['robotics'], source: ['specialties'] } }),
    'filters.company_keywords.source',
    'unknown_field',
  ],
  [
    'filters.lists.saved_at',
    f({ lists: { saved_at: { until: '2026-01-01' } } }),
    'filters.lists.saved_at.until',
    'unknown_field',
  ],
  [
    'filters.contact_details.email',
    f({ contact_details: { email: { state: ['valid'] } } }),
    'filters.contact_details.email.state',
    'unknown_field',
  ],
  [
    'filters.person_months_in_current_role',
    f({ person_months_in_current_role: { minimum: 3 } }),
    'filters.person_months_in_current_role.minimum',
    'unknown_field',
  ],
  [
    'filters.company_country',
    f({ company_country: { include: ['DE'], hq_only: true } }),
    'filters.company_country.hq_only',
    'unknown_field',
  ],
  [
    'filters.duplicates',
    f({ duplicates: { exclude_saved: true } }),
    'filters.duplicates.exclude_saved',
    'unknown_field',
  ],
];

const WRONG_TYPES: Case[] = [
  ['filters a string', f('x'), 'filters', 'invalid_value'],
  ['filters an array', f([]), 'filters', 'invalid_value'],
  ['page a string', { page: '2' }, 'page', 'invalid_value'],
  ['page a fraction', { page: 1.5 }, 'page', 'invalid_value'],
  ['per_page a boolean', { per_page: true }, 'per_page', 'invalid_value'],
  ['person an array', f({ person: [] }), 'filters.person', 'invalid_value'],
  ['person.id a string', f({ person: { id: 'x' } }), 'filters.person.id', 'invalid_value'],
  [
    'person.id.include a string',
    f({ person: { id: { include: P.jose } } }),
    'filters.person.id.include',
    'invalid_value',
  ],
  [
    'person.name.include[0] a number',
    f({ person: { name: { include: [5] } } }),
    'filters.person.name.include[0]',
    'invalid_value',
  ],
  [
    'person_seniority.include a string',
    f({ person_seniority: { include: 'VP' } }),
    'filters.person_seniority.include',
    'invalid_value',
  ],
  [
    'months filter a number',
    f({ person_months_in_current_role: 5 }),
    'filters.person_months_in_current_role',
    'invalid_value',
  ],
  [
    'months min a string',
    f({ person_months_in_current_role: { min: '3' } }),
    'filters.person_months_in_current_role.min',
    'invalid_value',
  ],
  [
    'months min a fraction',
    f({ person_months_in_current_company: { min: 1.5 } }),
    'filters.person_months_in_current_company.min',
    'invalid_value',
  ],
  [
    'headquarters_only a string',
    f({ company_country: { include: ['DE'], headquarters_only: 'yes' } }),
    'filters.company_country.headquarters_only',
    'invalid_value',
  ],
  [
    'include_all a number',
    f({ company_keywords: { include: ['robotics'], include_all: 1 } }),
    'filters.company_keywords.include_all',
    'invalid_value',
  ],
  [
    'pro_network_id a URL',
    f({ company: { pro_network_id: { include: ['https://pronet.example/company/hooli'] } } }),
    'filters.company.pro_network_id.include[0]',
    'invalid_value',
  ],
  [
    'pro_network_id a fraction',
    f({ company: { pro_network_id: { exclude: [1009, 1.5] } } }),
    'filters.company.pro_network_id.exclude[1]',
    'invalid_value',
  ],
  ['naics a string', f({ company_naics: { include: ['abc'] } }), 'filters.company_naics.include[0]', 'invalid_value'],
  [
    'max_person_per_company a string',
    f({ max_person_per_company: 'one' }),
    'filters.max_person_per_company',
    'invalid_value',
  ],
  [
    'max_person_per_company a fraction',
    f({ max_person_per_company: 1.5 }),
    'filters.max_person_per_company',
    'invalid_value',
  ],
  [
    'exclude_exported a string',
    f({ duplicates: { exclude_exported: 'true' } }),
    'filters.duplicates.exclude_exported',
    'invalid_value',
  ],
  [
    'email.revealed a string',
    f({ contact_details: { email: { revealed: 'yes' } } }),
    'filters.contact_details.email.revealed',
    'invalid_value',
  ],
  [
    'boolean_search a number',
    f({ person_job_title: { boolean_search: 42 } }),
    'filters.person_job_title.boolean_search',
    'invalid_value',
  ],
  ['sort_by a number', f({ sort_by: 5 }), 'filters.sort_by', 'invalid_value'],
  [
    'headcount range a string',
    f({ company_headcount_range: '11-50' }),
    'filters.company_headcount_range',
    'invalid_value',
  ],
  ['lists.include a string', f({ lists: { include: 'lst_x' } }), 'filters.lists.include', 'invalid_value'],
  [
    'headcount_custom min a string',
    f({ company_headcount_custom: { min: 'ten' } }),
    'filters.company_headcount_custom.min',
    'invalid_value',
  ],
  [
    'timeframe_months missing',
    f({ person_job_change: { change_type: 'any' } }),
    'filters.person_job_change.timeframe_months',
    'invalid_value',
  ],
  [
    'timeframe_months a fraction',
    f({ person_job_change: { timeframe_months: 1.5 } }),
    'filters.person_job_change.timeframe_months',
    'invalid_value',
  ],
  [
    'company_keywords without include',
    f({ company_keywords: { exclude: ['robotics'] } }),
    'filters.company_keywords.include',
    'invalid_value',
  ],
];

const ENUMS: Case[] = [
  [
    'seniority',
    f({ person_seniority: { include: ['VP', 'Boss'] } }),
    'filters.person_seniority.include[1]',
    'invalid_value',
  ],
  [
    'department',
    f({ person_department: { exclude: ['Sales', 'Selling'] } }),
    'filters.person_department.exclude[1]',
    'invalid_value',
  ],
  [
    'title match_mode',
    f({ person_job_title: { include: ['VP'], match_mode: 'FUZZY' } }),
    'filters.person_job_title.match_mode',
    'invalid_value',
  ],
  [
    'domain match_mode',
    f({ company: { domain: { include: ['globex.com'], match_mode: 'ALL' } } }),
    'filters.company.domain.match_mode',
    'invalid_value',
  ],
  [
    'name match_mode',
    f({ company: { name: { include: ['Globex'], match_mode: 'PREFIX' } } }),
    'filters.company.name.match_mode',
    'invalid_value',
  ],
  [
    'headcount range',
    f({ company_headcount_range: ['11-50', '1-5'] }),
    'filters.company_headcount_range[1]',
    'invalid_value',
  ],
  [
    'company type',
    f({ company_type: { include: ['Corporation'] } }),
    'filters.company_type.include[0]',
    'invalid_value',
  ],
  [
    'business type',
    f({ company_business_type: { exclude: ['B2G'] } }),
    'filters.company_business_type.exclude[0]',
    'invalid_value',
  ],
  [
    'revenue stream',
    f({ company_revenue_stream: { include: ['Royalties'] } }),
    'filters.company_revenue_stream.include[0]',
    'invalid_value',
  ],
  [
    'email status',
    f({ contact_details: { email: { status: ['bounced'] } } }),
    'filters.contact_details.email.status[0]',
    'invalid_value',
  ],
  [
    'phone status',
    f({ contact_details: { phone: { status: ['found', 'ringing'] } } }),
    'filters.contact_details.phone.status[1]',
    'invalid_value',
  ],
  ['lists.saved', f({ lists: { saved: 'all' } }), 'filters.lists.saved', 'invalid_value'],
  ['sort_by', f({ sort_by: 'followers' }), 'filters.sort_by', 'invalid_value'],
  [
    'sort_direction',
    f({ sort_by: 'person_first_name', sort_direction: 'up' }),
    'filters.sort_direction',
    'invalid_value',
  ],
  [
    'keyword source',
    f({ company_keywords: { include: ['robotics'], sources: ['twitter'] } }),
    'filters.company_keywords.sources[0]',
    'invalid_value',
  ],
  [
    'change_type',
    f({ person_job_change: { timeframe_months: 3, change_type: 'lateral' } }),
    'filters.person_job_change.change_type',
    'invalid_value',
  ],
  [
    'industry',
    f({ company_industry: { include: ['Software Development', 'Spaceships'] } }),
    'filters.company_industry.include[1]',
    'invalid_value',
  ],
  [
    'technologies match_mode',
    f({ company_technologies: { include: ['tech_react'], match_mode: 'SOME' } }),
    'filters.company_technologies.match_mode',
    'invalid_value',
  ],
];

const FORMATS: Case[] = [
  ['person id not hex', f({ person: { id: { include: ['xyz'] } } }), 'filters.person.id.include[0]', 'invalid_format'],
  [
    'person id upper case',
    f({ person: { id: { include: [P.jose.toUpperCase()] } } }),
    'filters.person.id.include[0]',
    'invalid_format',
  ],
  [
    'person id in exclude',
    f({ person: { id: { exclude: [P.jose, '5e00'] } } }),
    'filters.person.id.exclude[1]',
    'invalid_format',
  ],
  [
    'company id short',
    f({ company: { id: { include: ['5c00'] } } }),
    'filters.company.id.include[0]',
    'invalid_format',
  ],
  [
    'domain with spaces',
    f({ company: { domain: { include: ['not a domain'] } } }),
    'filters.company.domain.include[0]',
    'invalid_format',
  ],
  [
    'domain scheme only',
    f({ company: { domain: { include: ['globex.com', 'http://'] } } }),
    'filters.company.domain.include[1]',
    'invalid_format',
  ],
  [
    'country name',
    f({ company_country: { include: ['Germany'] } }),
    'filters.company_country.include[0]',
    'invalid_format',
  ],
  [
    'country one letter',
    f({ company_country: { exclude: ['D'] } }),
    'filters.company_country.exclude[0]',
    'invalid_format',
  ],
  ['saved_at word', f({ lists: { saved_at: { from: 'yesterday' } } }), 'filters.lists.saved_at.from', 'invalid_format'],
  [
    'saved_at impossible date',
    f({ lists: { saved_at: { to: '2026-13-45' } } }),
    'filters.lists.saved_at.to',
    'invalid_format',
  ],
];

const LIMITS: Case[] = [
  ['page 0', { page: 0 }, 'page', 'out_of_range'],
  ['page negative', { page: -1 }, 'page', 'out_of_range'],
  ['per_page 0', { per_page: 0 }, 'per_page', 'out_of_range'],
  ['per_page 101', { per_page: 101 }, 'per_page', 'out_of_range'],
  ['page × per_page past 50,000', { page: 501, per_page: 100 }, 'page', 'out_of_range'],
  ['page past 50,000 with the default per_page', { page: 2001 }, 'page', 'out_of_range'],
  [
    'person.id 101',
    f({ person: { id: { include: many(101, (i) => hexId('5e', i)) } } }),
    'filters.person.id.include',
    'out_of_range',
  ],
  [
    'person.id exclude 101',
    f({ person: { id: { exclude: many(101, (i) => hexId('5e', i)) } } }),
    'filters.person.id.exclude',
    'out_of_range',
  ],
  [
    'person.name 501',
    f({ person: { name: { include: many(501, (i) => `Name${i}`) } } }),
    'filters.person.name.include',
    'out_of_range',
  ],
  ['pro_network_url empty', f({ person: { pro_network_url: [] } }), 'filters.person.pro_network_url', 'out_of_range'],
  [
    'pro_network_url 51',
    f({ person: { pro_network_url: many(51, (i) => `https://pronet.example/in/someone-${i}`) } }),
    'filters.person.pro_network_url',
    'out_of_range',
  ],
  [
    'person_location 101',
    f({ person_location: { include: many(101, () => 'Germany') } }),
    'filters.person_location.include',
    'out_of_range',
  ],
  [
    'person_location 1 char',
    f({ person_location: { include: ['X'] } }),
    'filters.person_location.include[0]',
    'out_of_range',
  ],
  [
    'person_location exclude 201 chars',
    f({ person_location: { exclude: ['x'.repeat(201)] } }),
    'filters.person_location.exclude[0]',
    'out_of_range',
  ],
  [
    'company_location 101',
    f({ company_location: { exclude: many(101, () => 'Germany') } }),
    'filters.company_location.exclude',
    'out_of_range',
  ],
  [
    'keywords include empty',
    f({ company_keywords: { include: [] } }),
    'filters.company_keywords.include',
    'out_of_range',
  ],
  [
    'keywords include 21',
    f({ company_keywords: { include: many(21, (i) => `phrase ${i}`) } }),
    'filters.company_keywords.include',
    'out_of_range',
  ],
  [
    'keywords 2 chars',
    f({ company_keywords: { include: ['ai'] } }),
    'filters.company_keywords.include[0]',
    'out_of_range',
  ],
  [
    'keywords 101 chars',
    f({ company_keywords: { include: ['robotics', 'k'.repeat(101)] } }),
    'filters.company_keywords.include[1]',
    'out_of_range',
  ],
  [
    'keywords exclude 21',
    f({ company_keywords: { include: ['robotics'], exclude: many(21, (i) => `phrase ${i}`) } }),
    'filters.company_keywords.exclude',
    'out_of_range',
  ],
  [
    'titles 101',
    f({ person_job_title: { include: many(101, (i) => `Title ${i}`) } }),
    'filters.person_job_title.include',
    'out_of_range',
  ],
  ['title 1 char', f({ person_job_title: { include: ['a'] } }), 'filters.person_job_title.include[0]', 'out_of_range'],
  [
    'title exclude 101 chars',
    f({ person_job_title: { exclude: ['t'.repeat(101)] } }),
    'filters.person_job_title.exclude[0]',
    'out_of_range',
  ],
  [
    'boolean_search 20,001 chars',
    f({ person_job_title: { boolean_search: 'ab OR '.repeat(3333) + 'abc' } }),
    'filters.person_job_title.boolean_search',
    'out_of_range',
  ],
  [
    'company.id 20,001',
    f({ company: { id: { include: many(20001, (i) => hexId('5d', i)) } } }),
    'filters.company.id.include',
    'out_of_range',
  ],
  [
    'company.domain 101',
    f({ company: { domain: { include: many(101, (i) => `d${i}.example`) } } }),
    'filters.company.domain.include',
    'out_of_range',
  ],
  [
    'company.name 501',
    f({ company: { name: { include: many(501, (i) => `Company ${i}`) } } }),
    'filters.company.name.include',
    'out_of_range',
  ],
  [
    'company.pro_network_id 501',
    f({ company: { pro_network_id: { include: many(501, (i) => i + 1) } } }),
    'filters.company.pro_network_id.include',
    'out_of_range',
  ],
  [
    'company_country exclude 501',
    f({ company_country: { exclude: many(501, () => 'DE') } }),
    'filters.company_country.exclude',
    'out_of_range',
  ],
  [
    'company_naics exclude 501',
    f({ company_naics: { exclude: many(501, (i) => 100000 + i) } }),
    'filters.company_naics.exclude',
    'out_of_range',
  ],
  [
    'technologies 501',
    f({ company_technologies: { include: many(501, (i) => `tech_${i}`) } }),
    'filters.company_technologies.include',
    'out_of_range',
  ],
  [
    'technology categories 201',
    f({ company_technology_categories: { include: many(201, (i) => `cat_${i}`) } }),
    'filters.company_technology_categories.include',
    'out_of_range',
  ],
  [
    'lists.include 101',
    f({ lists: { include: many(101, (i) => `lst_${i}`) } }),
    'filters.lists.include',
    'out_of_range',
  ],
  [
    'lists.exclude 1001',
    f({ lists: { exclude: many(1001, (i) => `lst_${i}`) } }),
    'filters.lists.exclude',
    'out_of_range',
  ],
  ['list id empty', f({ lists: { include: [''] } }), 'filters.lists.include[0]', 'out_of_range'],
  ['list id 65 chars', f({ lists: { exclude: ['l'.repeat(65)] } }), 'filters.lists.exclude[0]', 'out_of_range'],
  [
    'months min -1',
    f({ person_months_in_current_role: { min: -1 } }),
    'filters.person_months_in_current_role.min',
    'out_of_range',
  ],
  [
    'months max 601',
    f({ person_months_in_current_role: { max: 601 } }),
    'filters.person_months_in_current_role.max',
    'out_of_range',
  ],
  [
    'company months min 601',
    f({ person_months_in_current_company: { min: 601 } }),
    'filters.person_months_in_current_company.min',
    'out_of_range',
  ],
  [
    'months max below min',
    f({ person_months_in_current_role: { min: 10, max: 5 } }),
    'filters.person_months_in_current_role.max',
    'out_of_range',
  ],
  [
    'company months max below min',
    f({ person_months_in_current_company: { min: 1, max: 0 } }),
    'filters.person_months_in_current_company.max',
    'out_of_range',
  ],
  [
    'timeframe 0',
    f({ person_job_change: { timeframe_months: 0 } }),
    'filters.person_job_change.timeframe_months',
    'out_of_range',
  ],
  [
    'timeframe 1001',
    f({ person_job_change: { timeframe_months: 1001, change_type: 'any' } }),
    'filters.person_job_change.timeframe_months',
    'out_of_range',
  ],
  [
    'founded max below min',
    f({ company_founded: { min: 2000, max: 1990 } }),
    'filters.company_founded.max',
    'out_of_range',
  ],
  [
    'headcount max below min',
    f({ company_headcount_custom: { min: 100, max: 10 } }),
    'filters.company_headcount_custom.max',
    'out_of_range',
  ],
  ['max_person_per_company 0', f({ max_person_per_company: 0 }), 'filters.max_person_per_company', 'out_of_range'],
  ['max_person_per_company 101', f({ max_person_per_company: 101 }), 'filters.max_person_per_company', 'out_of_range'],
];

const NOT_OFFERED_AND_UNRESOLVED: Case[] = [
  [
    'company_technologies',
    f({ company_technologies: { include: ['tech_react'] } }),
    'filters.company_technologies',
    'invalid_value',
  ],
  [
    'company_technology_categories',
    f({ company_technology_categories: { include: ['cat_crm'] } }),
    'filters.company_technology_categories',
    'invalid_value',
  ],
  [
    'person_location resolving to nothing',
    f({ person_location: { include: ['Atlantis City, US', 'Zzyzx Flats, Texas, US'] } }),
    'filters.person_location.include',
    'invalid_value',
  ],
  [
    'company_location resolving to nothing',
    f({ company_location: { include: ['Springfield, Texas, US', 'Gotham, NJ, US'] } }),
    'filters.company_location.include',
    'invalid_value',
  ],
  [
    'a people list that does not exist',
    f({ lists: { include: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'] } }),
    'filters.lists.include[0]',
    'invalid_value',
  ],
];

/** [what, filters, the fields either of which may be named] */
const CONFLICTS: [string, unknown, string[]][] = [
  [
    'pro_network_url with id',
    { person: { pro_network_url: [URL1], id: { include: [P.jose] } } },
    ['filters.person.pro_network_url', 'filters.person.id'],
  ],
  [
    'pro_network_url with name',
    { person: { pro_network_url: [URL1], name: { include: ['José'] } } },
    ['filters.person.pro_network_url', 'filters.person.name'],
  ],
  [
    'boolean_search with include',
    { person_job_title: { boolean_search: 'Sales', include: ['VP'] } },
    ['filters.person_job_title.boolean_search', 'filters.person_job_title.include'],
  ],
  [
    'boolean_search with exclude',
    { person_job_title: { boolean_search: 'Sales', exclude: ['VP'] } },
    ['filters.person_job_title.boolean_search', 'filters.person_job_title.exclude'],
  ],
];

/** [what, boolean_search, code, position (1-based) or null where the docs leave the exact character open] */
const BOOLEAN: [string, string, string, number | null][] = [
  ['AND and OR mixed at one level', 'Sales AND Marketing OR Manager', 'invalid_format', 21],
  ['two terms without an operator', 'Sales Manager', 'invalid_format', 7],
  ['an operator first', 'AND Sales', 'invalid_format', 1],
  ['an operator last', 'Sales AND', 'invalid_format', null],
  ['an unclosed parenthesis', '(Sales OR Manager', 'invalid_format', null],
  ['a stray closing parenthesis', 'Sales OR Manager)', 'invalid_format', 17],
  ['empty parentheses', 'Sales AND ()', 'invalid_format', null],
  ['an unterminated quote', "Sales AND 'Inside Sales", 'invalid_format', null],
  ['a lone negation', 'Sales AND !', 'invalid_format', null],
  ['a 1-character term', 'Sales AND x', 'out_of_range', 11],
  ['a 101-character term', 'Sales OR ' + 'a'.repeat(101), 'out_of_range', 10],
  ['depth 6', '((((((Sales))))))', 'out_of_range', 6],
  ['501 terms', many(501, (i) => `t${i}x`).join(' OR '), 'out_of_range', null],
];

describe('POST /v2/people/search: bad input', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    [a, b] = [await stack.workspace(), await stack.workspace()];
    await importPeopleFixture(stack, { extended: false });
  });
  afterAll(() => stack?.close());

  const post = (body: unknown, ws: Workspace = a) => ws.api.post('/v2/people/search', body);
  const verdict = (res: HttpAnswer) => ({
    status: res.status,
    name: res.body?.errors?.[0]?.name,
    field: res.body?.errors?.[0]?.payload?.field,
    code: res.body?.errors?.[0]?.payload?.code,
  });

  describe.each([
    ['unknown keys', UNKNOWN_KEYS],
    ['wrong types', WRONG_TYPES],
    ['unknown enum values', ENUMS],
    ['malformed values', FORMATS],
    ['limits', LIMITS],
    ['filters not offered, lists and locations that do not resolve', NOT_OFFERED_AND_UNRESOLVED],
  ])('%s', (_group, cases) => {
    it.each(cases)('%s', async (_what, body, field, code) => {
      const res = await post(body);
      expect(verdict(res)).toEqual({ status: 400, name: 'VALIDATION_ERROR', field, code });
      expect(res.body).toMatchObject({ success: false, data: null });
      expect(typeof res.body.errors[0].message).toBe('string');
    });
  });

  it('unknown_field lists the allowed fields of its level', async () => {
    const top = await post({ filters: {}, query: 'x' });
    expect(top.body.errors[0].payload.allowed_fields).toEqual(expect.arrayContaining(['filters', 'page', 'per_page']));
    const filters = await post(f({ bogus: 1 }));
    expect(filters.body.errors[0].payload.allowed_fields).toEqual(
      expect.arrayContaining([
        'person',
        'person_location',
        'company_keywords',
        'person_job_title',
        'company',
        'company_country',
        'lists',
        'duplicates',
        'max_person_per_company',
        'sort_by',
        'sort_direction',
      ]),
    );
    const nested = await post(f({ company: { domain: { include: ['globex.com'], mode: 'PRIMARY' } } }));
    expect(nested.body.errors[0].payload.allowed_fields).toEqual(
      expect.arrayContaining(['include', 'exclude', 'match_mode']),
    );
  });

  it.each(CONFLICTS)('conflicting_fields: %s', async (_what, filters, fields) => {
    const res = await post(f(filters));
    const v = verdict(res);
    expect({ status: v.status, code: v.code }).toEqual({ status: 400, code: 'conflicting_fields' });
    expect(fields).toContain(v.field);
  });

  it.each(BOOLEAN)('boolean_search: %s', async (_what, query, code, position) => {
    const res = await post(f({ person_job_title: { boolean_search: query } }));
    expect(verdict(res)).toEqual({
      status: 400,
      name: 'VALIDATION_ERROR',
      field: 'filters.person_job_title.boolean_search',
      code,
    });
    const payload = res.body.errors[0].payload;
    expect(Number.isInteger(payload.position)).toBe(true);
    expect(payload.position).toBeGreaterThanOrEqual(1);
    expect(payload.position).toBeLessThanOrEqual(query.length + 1);
    expect(res.body.errors[0].message).toContain(`at position ${payload.position}`);
    if (position !== null) expect(payload.position).toBe(position);
  });

  it('valid boolean queries at the limits answer 200: depth 5, 500 terms, match_mode ignored', async () => {
    const depth5 = await search(a.api, { person_job_title: { boolean_search: '(((((Sales)))))' } });
    expect(depth5.ids.length).toBeGreaterThan(0);
    const started = Date.now();
    await expectIds(a.api, { person_job_title: { boolean_search: many(500, (i) => `t${i}x`).join(' OR ') } }, []);
    expect(Date.now() - started).toBeLessThan(5000);
    await expectIds(a.api, { person_job_title: { boolean_search: '"Data Scientist"', match_mode: 'CONTAINS' } }, [
      P.priya,
    ]);
  });

  it('a list id of another workspace is invalid_value, not a silent empty result', async () => {
    const res = await b.api.post('/v2/lists', { name: 'b list', type: 'people' });
    expect(res.status).toBe(201);
    const theirs = res.body.data.id;
    expect(verdict(await post(f({ lists: { include: [theirs] } })))).toEqual({
      status: 400,
      name: 'VALIDATION_ERROR',
      field: 'filters.lists.include[0]',
      code: 'invalid_value',
    });
    expect(verdict(await post(f({ lists: { exclude: [theirs] } })))).toEqual({
      status: 400,
      name: 'VALIDATION_ERROR',
      field: 'filters.lists.exclude[0]',
      code: 'invalid_value',
    });
    await expectIds(b.api, { lists: { include: [theirs] } }, []);
  });

  it('a malformed JSON body, a JSON array body and no API key never answer 5xx', async () => {
    const raw = await a.api.request('POST', '/v2/people/search', undefined, { raw: '{"filters": {' });
    expect(raw.status).toBe(400);
    const array = await post([{ filters: {} }]);
    expect(array.status).toBe(400);
    expect((await stack.anon.post('/v2/people/search', {})).status).toBe(401);
  });

  describe('adversarial sizes answer within a few seconds and never 5xx', () => {
    /** [what, query, answer: 400 = malformed or past a limit, null = may parse (200) or not (400)] */
    const ADVERSARIAL: [string, string, 400 | null][] = [
      ['20,000 opening parentheses', '('.repeat(20000), 400],
      ['20,000 single quotes', "'".repeat(20000), 400],
      ['20,000 double quotes', '"'.repeat(20000), 400],
      ['20,000 backticks', '`'.repeat(20000), 400],
      ['19,998 negations', '!'.repeat(19998) + 'ab', null],
      ['3,334 terms', 'ab OR '.repeat(3333) + 'ab', 400],
      ['one 20,000-character word', 'a'.repeat(20000), 400],
      ['nested groups 20,000 long', '(ab AND '.repeat(2500), 400],
      ['alternating quotes', `'a"b\``.repeat(4000), null],
      ['operators only', 'AND OR '.repeat(2857), 400],
      ['deep negated groups', '!('.repeat(10000), 400],
      ['pseudo-random soup', soup(20000), null],
    ];

    it.each(ADVERSARIAL)('boolean_search: %s', async (_what, query, answer) => {
      expect(query.length).toBeLessThanOrEqual(20000);
      const started = Date.now();
      const res = await post(f({ person_job_title: { boolean_search: query } }));
      expect(Date.now() - started).toBeLessThan(5000);
      // most are malformed (400 on the field); a few may parse (200): never anything else
      expect(answer === null ? [200, 400] : [answer]).toContain(res.status);
      if (res.status === 400) expect(verdict(res).field).toBe('filters.person_job_title.boolean_search');
    });

    it('20,000 company ids in include (two of them real) and in exclude', async () => {
      const fake = many(19998, (i) => hexId('5f', i + 1)); // no such companies
      let started = Date.now();
      await expectIds(a.api, { company: { id: { include: [...fake, C.acme, C.hooli] } } }, [
        P.jose_plain,
        P.tom,
        P.lina,
        P.renee_plain,
        P.gavin,
        P.nelson,
      ]);
      expect(Date.now() - started).toBeLessThan(5000);
      started = Date.now();
      const r = await search(a.api, { company: { id: { exclude: [...fake, C.acme, C.hooli] } } });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(r.pagination.total_count).toBe(34);
      expect(r.ids).not.toContain(P.gavin);
    });

    it('every list at its maximum size at once answers 200', async () => {
      const started = Date.now();
      const r = await search(a.api, {
        person: {
          id: { include: many(100, (i) => hexId('5e', i + 1)) },
          name: { include: many(500, (i) => `Nobody${i}`) },
        },
        person_job_title: { include: many(100, (i) => `Title ${i}`), exclude: many(100, (i) => `Other ${i}`) },
        company: {
          name: { include: many(500, (i) => `Company ${i}`) },
          pro_network_id: { exclude: many(500, (i) => 900000 + i) },
        },
        company_country: { exclude: many(500, () => 'AQ') },
        company_naics: { exclude: many(500, (i) => 100000 + i) },
        person_location: { include: many(100, () => 'United States'), exclude: many(100, () => 'Atlantis City, US') },
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(r.res.status).toBe(200);
    });
  });

  describe('resolution limits', () => {
    beforeAll(async () => {
      // 50,001 companies whose name contains "Bulkco" and whose one specialty is "bulk widgets": more than the
      // 50,000 a CONTAINS name or a keyword phrase resolves to as a list of ids. Initech gets the specialty too.
      await stack.db.query(
        `INSERT INTO companies (id, name, website, email_domain, organization_id, page_type, keywords)
         SELECT '5d' || lpad(to_hex(n), 22, '0'), 'Bulkco ' || n, 'bulkco-' || n || '.example', 'bulkco-' || n || '.example', 'org_bulkco_' || n, 'main', ARRAY['bulk widgets']
         FROM generate_series(1, 50001) AS n`,
      );
      await stack.db.query(`UPDATE companies SET keywords = keywords || ARRAY['bulk widgets'] WHERE id = $1`, [
        C.initech,
      ]);
    });

    it('company.name CONTAINS matching more than 50,000 companies answers from the condition itself', async () => {
      await expectIds(a.api, { company: { name: { include: ['bulkco', 'initech'], match_mode: 'CONTAINS' } } }, [
        P.peter,
        P.samir,
        P.milton,
      ]);
    });

    it('company_keywords matching more than 50,000 companies answers from the condition itself', async () => {
      await expectIds(a.api, { company_keywords: { include: ['bulk widgets'] } }, [P.peter, P.samir, P.milton]);
      // With a person filter too: the company condition meets the others in one statement.
      await expectIds(
        a.api,
        { company_keywords: { include: ['bulk widgets'] }, person_job_title: { include: ['Software Engineer'] } },
        [P.peter, P.samir],
      );
    });

    it('a narrower phrase still answers', async () => {
      await expectIds(a.api, { company: { name: { include: ['Bulkco 1234'], match_mode: 'CONTAINS' } } }, []);
      await expectIds(a.api, { company: { name: { include: ['Initech'], match_mode: 'CONTAINS' } } }, [
        P.peter,
        P.samir,
        P.milton,
      ]);
    });
  });
});

/** A deterministic mix of every boolean_search token, 20,000 characters long. */
function soup(length: number): string {
  const tokens = ['(', ')', '!', "'", '"', '`', ' AND ', ' OR ', 'ab', 'Sales', ' ', 'x'];
  let seed = 42;
  let out = '';
  while (out.length < length) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out += tokens[seed % tokens.length];
  }
  return out.slice(0, length);
}
