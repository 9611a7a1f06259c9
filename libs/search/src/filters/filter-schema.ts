/**
 * The people filter set (docs/people-search.md) as one declarative table of readers: `parsePeopleFilters` reads
 * a raw `filters` value with it into the typed PeopleFilters the compiler takes (every key checked, strings
 * trimmed, enum values in their canonical spelling, defaults applied), and `peopleFiltersJsonSchema` is the
 * OpenAPI schema of the same table, so the two cannot drift (filter-schema.spec.ts checks both ways).
 *
 * Only what the request itself can settle is checked here; whether a list, a location or a keyword phrase
 * resolves to something is settled against the database (resolve-filters.ts).
 */
import { typeName } from '@app/common/http/api-error';
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
import { BooleanSearchError, parseBooleanSearch } from '../boolean/boolean-query';
import {
  SORT_KEYS,
  type CompanyFilter,
  type CompanyKeywordsFilter,
  type CompanyNameMatchMode,
  type ContactFilter,
  type CountryFilter,
  type DomainMatchMode,
  type JobChangeFilter,
  type JobChangeType,
  type JobTitleFilter,
  type KeywordSource,
  type ListsFilter,
  type LocationFilter,
  type PeopleFilters,
  type PersonFilter,
  type SavedFilter,
  type SortDirection,
  type TitleMatchMode,
} from './filter-types';
import { countryCode, domain, hexId, proNetworkId, proNetworkUrl, savedAt } from './formats';
import {
  bool,
  documented,
  enumList,
  fail,
  FilterValidationError,
  hasItems,
  includeExclude,
  int,
  isPlainObject,
  list,
  minMax,
  num,
  object,
  objectSchema,
  oneOf,
  pairOf,
  pairShape,
  reader,
  str,
  text,
  uniqueList,
  type JsonSchema,
  type Reader,
  type Shape,
} from './readers';

const INDUSTRY_VALUES = [...new Set([...Object.keys(INDUSTRY_GROUPS), ...INDUSTRIES])];
const LOCATION = list(0, 100, text(2, 200));
const BOOLEAN_SEARCH_MAX = 20_000;

/** An object filter: its allowed keys and schema from `shape`, its reading (cross-member rules) from `read`. */
function objectFilter<T>(
  shape: Shape,
  read: (o: ReturnType<typeof object>) => T,
  schema: { required?: string[]; more?: JsonSchema } = {},
): Reader<T> {
  const keys = Object.keys(shape);
  return reader(objectSchema(shape, schema.required, schema.more), (value, field) => read(object(value, field, keys)));
}

/** A bare array of URLs, or `{include: [...]}` (the specification's spelling): both read the same. */
const PRO_NETWORK_URLS = list(1, 50, proNetworkUrl);
const PRO_NETWORK_URLS_OBJECT = { include: PRO_NETWORK_URLS };
const proNetworkUrls: Reader<string[]> = reader(
  { oneOf: [PRO_NETWORK_URLS.schema, objectSchema(PRO_NETWORK_URLS_OBJECT, ['include'])] },
  (value, field) => {
    if (Array.isArray(value)) return PRO_NETWORK_URLS(value, field);
    if (!isPlainObject(value))
      fail(field, 'invalid_value', `${field} must be an array of URLs, not ${typeName(value)}`, value);
    const o = object(value, field, ['include']);
    return (
      o.read('include', PRO_NETWORK_URLS) ??
      fail(o.path('include'), 'out_of_range', `${o.path('include')} takes 1-50 URLs`)
    );
  },
);

const PERSON = {
  id: includeExclude(list(0, 100, hexId)),
  name: includeExclude(list(0, 500, text(1, 200))),
  pro_network_url: proNetworkUrls,
};
const person = objectFilter(
  PERSON,
  (o): PersonFilter => {
    const out: PersonFilter = {};
    const id = o.read('id', PERSON.id);
    const name = o.read('name', PERSON.name);
    const urls = o.read('pro_network_url', PERSON.pro_network_url);
    if (id) out.id = id;
    if (name) out.name = name;
    if (urls) {
      if (hasItems(id) || hasItems(name))
        fail(
          o.path('pro_network_url'),
          'conflicting_fields',
          `${o.path('pro_network_url')} cannot be combined with person.id or person.name`,
        );
      out.pro_network_url = urls;
    }
    return out;
  },
  {
    more: {
      description: '`pro_network_url` cannot be combined with a non-empty `id` or `name` (400 `conflicting_fields`)',
      'x-exclusive': [['pro_network_url'], ['id', 'name']],
    },
  },
);

function location(withHeadquarters: boolean): Reader<LocationFilter> {
  const shape: Shape = withHeadquarters ? { ...pairShape(LOCATION), headquarters_only: bool } : pairShape(LOCATION);
  return objectFilter(shape, (o) => ({
    ...pairOf(o, LOCATION),
    headquarters_only: o.read('headquarters_only', bool) ?? false,
  }));
}

const KEYWORD_SOURCE_LIST = enumList<KeywordSource>(KEYWORDS_SOURCES.map((s) => s.value));
/** No source would match nothing at all: rather an error than a silently empty result. */
const keywordSources: Reader<KeywordSource[]> = reader(
  { ...KEYWORD_SOURCE_LIST.schema, minItems: 1 },
  (value, field) => {
    const sources = KEYWORD_SOURCE_LIST(value, field);
    return sources.length > 0
      ? sources
      : fail(field, 'out_of_range', `${field} needs at least one source (omit it for specialties)`, value);
  },
);

const KEYWORD_PHRASE = text(3, 100);
const COMPANY_KEYWORDS = {
  include: list(1, 20, KEYWORD_PHRASE),
  exclude: list(0, 20, KEYWORD_PHRASE),
  include_all: bool,
  sources: keywordSources,
};
const companyKeywords = objectFilter(
  COMPANY_KEYWORDS,
  (o): CompanyKeywordsFilter => {
    const include =
      o.read('include', COMPANY_KEYWORDS.include) ??
      fail(o.path('include'), 'invalid_value', `${o.path('include')} is required (1-20 phrases)`);
    const exclude = o.read('exclude', COMPANY_KEYWORDS.exclude) ?? [];
    const include_all = o.read('include_all', bool) ?? false;
    const sources = o.read('sources', keywordSources) ?? ['specialties'];
    return { include, exclude, include_all, sources };
  },
  { required: ['include'] },
);

const TITLES = list(0, 100, text(2, 100));
const JOB_TITLE = {
  ...pairShape(TITLES),
  match_mode: oneOf<TitleMatchMode>(['CONTAINS', 'EXACT']),
  boolean_search: documented(str, {
    maxLength: BOOLEAN_SEARCH_MAX,
    description: 'a boolean title search: words, "phrases", AND, OR, NOT and parentheses',
    example: '("VP" OR Director) AND Sales',
  }),
};
const jobTitle = objectFilter(
  JOB_TITLE,
  (o): JobTitleFilter => {
    const { include, exclude } = pairOf(o, TITLES);
    const match_mode = o.read('match_mode', JOB_TITLE.match_mode) ?? 'CONTAINS';
    // Parsed untrimmed, so error positions count from the caller's first character.
    const search = o.read('boolean_search', str);
    if (!search?.trim()) return { include, exclude, match_mode };
    const searchField = o.path('boolean_search');
    if (search.length > BOOLEAN_SEARCH_MAX)
      fail(
        searchField,
        'out_of_range',
        `${searchField} may be at most ${BOOLEAN_SEARCH_MAX} characters long, not ${search.length}`,
        search,
      );
    if (include.length + exclude.length > 0)
      fail(searchField, 'conflicting_fields', `${searchField} cannot be combined with include or exclude`);
    return { include, exclude, match_mode, boolean: parseBoolean(search, searchField) };
  },
  {
    more: {
      description:
        '`boolean_search` cannot be combined with a non-empty `include` or `exclude` (400 `conflicting_fields`)',
      'x-exclusive': [['boolean_search'], ['include', 'exclude']],
    },
  },
);

function parseBoolean(search: string, field: string) {
  try {
    return parseBooleanSearch(search);
  } catch (error) {
    if (error instanceof BooleanSearchError)
      throw new FilterValidationError(field, error.code, error.message, search, { position: error.position });
    // The parser is meant to throw only BooleanSearchError; anything else is still the caller's input we cannot read.
    throw new FilterValidationError(field, 'invalid_format', `${field} could not be read`, search);
  }
}

const JOB_CHANGE = {
  timeframe_months: int(1, 1000),
  change_type: oneOf<JobChangeType>(['any', 'promotion', 'new_company']),
};
const jobChange = objectFilter(
  JOB_CHANGE,
  (o): JobChangeFilter => {
    const timeframe_months =
      o.read('timeframe_months', JOB_CHANGE.timeframe_months) ??
      fail(
        o.path('timeframe_months'),
        'invalid_value',
        `${o.path('timeframe_months')} is required (an integer 1-1000)`,
      );
    const change_type = o.read('change_type', JOB_CHANGE.change_type) ?? 'any';
    return { timeframe_months, change_type };
  },
  { required: ['timeframe_months'] },
);

const DOMAINS = uniqueList(list(0, 100, domain));
const COMPANY_DOMAIN = {
  ...pairShape(DOMAINS),
  match_mode: oneOf<DomainMatchMode>(['ORGANIZATION', 'PRIMARY', 'LINKEDIN_WEBSITE']),
};
const COMPANY_NAMES = list(0, 500, text(1, 200));
const COMPANY_NAME = { ...pairShape(COMPANY_NAMES), match_mode: oneOf<CompanyNameMatchMode>(['EXACT', 'CONTAINS']) };
const COMPANY = {
  id: includeExclude(list(0, 20_000, hexId)),
  domain: objectFilter(COMPANY_DOMAIN, (d) => ({
    ...pairOf(d, DOMAINS),
    match_mode: d.read('match_mode', COMPANY_DOMAIN.match_mode) ?? 'ORGANIZATION',
  })),
  name: objectFilter(COMPANY_NAME, (n) => ({
    ...pairOf(n, COMPANY_NAMES),
    match_mode: n.read('match_mode', COMPANY_NAME.match_mode) ?? 'EXACT',
  })),
  pro_network_id: includeExclude(list(0, 500, proNetworkId)),
};
const company = objectFilter(COMPANY, (o): CompanyFilter => {
  const out: CompanyFilter = {};
  const id = o.read('id', COMPANY.id);
  const domainFilter = o.read('domain', COMPANY.domain);
  const name = o.read('name', COMPANY.name);
  const proNetworkIds = o.read('pro_network_id', COMPANY.pro_network_id);
  if (id) out.id = id;
  if (domainFilter) out.domain = domainFilter;
  if (name) out.name = name;
  if (proNetworkIds) out.pro_network_id = proNetworkIds;
  return out;
});

const COUNTRY_CODES = uniqueList(list(0, 500, countryCode));
const companyCountry = objectFilter({ ...pairShape(COUNTRY_CODES), headquarters_only: bool }, (o): CountryFilter => ({
  ...pairOf(o, COUNTRY_CODES),
  headquarters_only: o.read('headquarters_only', bool) ?? false,
}));

const CHANNEL = (statuses: readonly string[]) => {
  const shape = { status: enumList(statuses), revealed: bool };
  return objectFilter(shape, (c) => {
    const out: { status?: string[]; revealed?: boolean } = {};
    const status = c.read('status', shape.status);
    const revealed = c.read('revealed', bool);
    if (status) out.status = status;
    if (revealed !== undefined) out.revealed = revealed;
    return out;
  });
};
const CONTACT = { email: CHANNEL(EMAIL_STATUSES), phone: CHANNEL(PHONE_STATUSES) };
const contactDetails = objectFilter(CONTACT, (o): ContactFilter => {
  const out: ContactFilter = {};
  const email = o.read('email', CONTACT.email);
  const phone = o.read('phone', CONTACT.phone);
  if (email) out.email = email;
  if (phone) out.phone = phone;
  return out;
});

const LIST_REF = text(1, 64);
const LISTS = {
  ...pairShape(list(0, 100, LIST_REF), list(0, 1000, LIST_REF)),
  saved: oneOf<SavedFilter>(['any', 'none', 'without_list']),
  saved_at: savedAt,
};
const lists = objectFilter(LISTS, (o): ListsFilter => {
  const out: ListsFilter = pairOf(o, LISTS.include, LISTS.exclude);
  const saved = o.read('saved', LISTS.saved);
  const at = o.read('saved_at', savedAt);
  if (saved) out.saved = saved;
  if (at) out.saved_at = at;
  return out;
});

const duplicates = objectFilter({ exclude_exported: bool }, (o) => ({
  exclude_exported: o.read('exclude_exported', bool) ?? false,
}));

const MONTHS = minMax(int(0, 600));

/** Every key of the filter set with its reader, in the documented order (also the order mistakes are found in). */
const FILTERS: { [K in keyof PeopleFilters]-?: Reader<PeopleFilters[K]> } = {
  person,
  person_location: location(false),
  company_keywords: companyKeywords,
  person_job_title: jobTitle,
  person_seniority: includeExclude(enumList(SENIORITIES)),
  person_department: includeExclude(enumList([...DEPARTMENT_VALUES], 'departments')),
  person_months_in_current_role: MONTHS,
  person_months_in_current_company: MONTHS,
  person_job_change: jobChange,
  company,
  company_industry: includeExclude(enumList(INDUSTRY_VALUES, 'industries')),
  company_headcount_range: enumList(EMPLOYEE_RANGES.map((r) => r.value)),
  company_country: companyCountry,
  company_type: includeExclude(enumList(COMPANY_TYPES)),
  company_business_type: includeExclude(enumList(BUSINESS_TYPES)),
  company_revenue_stream: includeExclude(enumList(REVENUE_STREAMS)),
  company_founded: minMax(num(0, 9999)),
  company_headcount_custom: minMax(num(0, Infinity)),
  company_naics: includeExclude(list(0, 500, int(1, 999_999))),
  company_location: location(true),
  contact_details: contactDetails,
  lists,
  duplicates,
  max_person_per_company: int(1, 100),
  sort_by: oneOf(SORT_KEYS),
  sort_direction: oneOf<SortDirection>(['asc', 'desc']),
};

/** Validated in full so a caller learns every mistake now, then refused: these answer 400 today. */
function notOffered(
  allowed: readonly string[],
  max: number,
  extra?: (o: ReturnType<typeof object>) => void,
): Reader<never> {
  return reader({}, (value, field) => {
    const o = object(value, field, allowed);
    pairOf(o, list(0, max, text(1, 200)));
    extra?.(o);
    return fail(field, 'invalid_value', `${field} is not offered yet`, undefined);
  });
}

/** Keys validated and then refused (not part of PeopleFilters, nor of the schema). */
const NOT_OFFERED: Record<string, Reader<never>> = {
  company_technologies: notOffered(['exclude', 'include', 'match_mode'], 500, (o) =>
    o.read('match_mode', oneOf(['ANY', 'ALL'])),
  ),
  company_technology_categories: notOffered(['exclude', 'include'], 200),
};

const FILTER_KEYS = [...Object.keys(FILTERS), ...Object.keys(NOT_OFFERED)];

/** Validates a raw `filters` value into PeopleFilters; throws FilterValidationError at the first mistake. `path` prefixes every field. */
export function parsePeopleFilters(raw: unknown, path = 'filters'): PeopleFilters {
  if (raw === undefined || raw === null) return {};
  const o = object(raw, path, FILTER_KEYS);
  const out: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(FILTERS) as [keyof PeopleFilters, Reader<unknown>][]) {
    const value = o.read(key, read);
    if (value !== undefined) out[key] = value;
  }
  for (const [key, read] of Object.entries(NOT_OFFERED)) o.read(key, read);
  // sort_direction is ignored without sort_by.
  if (out.sort_by === undefined) delete out.sort_direction;
  return out;
}

/**
 * The JSON schema (OpenAPI 3.0) of `filters`, from the readers above. What it cannot state is in the
 * descriptions and in `x-` members the drift test reads: `x-max-not-below-min`, `x-exclusive` (member groups that
 * cannot both be set). Enum values are matched case-insensitively and strings trimmed; `null` reads as absent.
 */
export function peopleFiltersJsonSchema(): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(FILTERS).map(([key, r]) => [key, (r as Reader<unknown>).schema]),
  );
  return {
    type: 'object',
    description:
      'The people search filter set: every key optional, combined with AND (docs/people-search.md). Enum values match in any case; strings are trimmed. ' +
      '`company_technologies` and `company_technology_categories` are read and answer 400 (not offered yet).',
    properties,
    additionalProperties: false,
  };
}
