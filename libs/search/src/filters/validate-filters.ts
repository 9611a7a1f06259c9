/**
 * Reads the raw `filters` of a people search (docs/people-search.md#the-filters) into the typed
 * PeopleFilters the compiler takes: every key checked, strings trimmed, enum values in their
 * canonical spelling, defaults applied. Plain module (no Nest, no database) so unit specs load it.
 *
 * Only what the request itself can settle is checked here; whether a list, a location or a
 * keyword phrase resolves to something is settled against the database (resolve-filters.ts).
 */
import { normalizeDomain } from '@app/common/domains/normalize-domain';
import { typeName, type ValidationCode } from '@app/common/http/api-error';
import { isHex24 } from '@app/common/ids/id-formats';
import { BUSINESS_TYPES, COMPANY_TYPES, EMPLOYEE_RANGES, KEYWORDS_SOURCES, REVENUE_STREAMS } from '@app/domain/enums/company-enums';
import { COUNTRIES } from '@app/domain/enums/countries';
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
  type IncludeExclude,
  type JobChangeFilter,
  type JobChangeType,
  type JobTitleFilter,
  type KeywordSource,
  type ListsFilter,
  type LocationFilter,
  type MinMax,
  type PeopleFilters,
  type PersonFilter,
  type SavedFilter,
  type SortDirection,
  type TitleMatchMode,
} from './filter-types';

/** One mistake in `filters`; the API answers it as 400 VALIDATION_ERROR with `field` and `code`. */
export class FilterValidationError extends Error {
  constructor(
    readonly field: string,
    readonly code: ValidationCode,
    message: string,
    readonly value?: unknown,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'FilterValidationError';
  }
}

// ---------------------------------------------------------------------------------------------
// Generic readers. A reader takes a value that is present (neither undefined nor null) and the
// dotted path it sits at, and either answers the typed value or throws FilterValidationError.

type Reader<T> = (value: unknown, field: string) => T;
type Json = Record<string, unknown>;

function fail(field: string, code: ValidationCode, message: string, value?: unknown, extra?: Record<string, unknown>): never {
  throw new FilterValidationError(field, code, message, value, extra);
}

function isPlainObject(value: unknown): value is Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The members of one object level; `null` reads as absent ("not set"). */
class Members {
  constructor(
    private readonly raw: Json,
    readonly field: string,
  ) {}

  read<T>(key: string, reader: Reader<T>): T | undefined {
    // hasOwn: a key such as `constructor` must not read Object.prototype's member.
    const value = Object.hasOwn(this.raw, key) ? this.raw[key] : undefined;
    return value === undefined || value === null ? undefined : reader(value, this.path(key));
  }

  path(key: string): string {
    return `${this.field}.${key}`;
  }
}

/** An object whose keys are all among `allowed`; stops at the first unknown key without looking further. */
function object(value: unknown, field: string, allowed: readonly string[]): Members {
  if (!isPlainObject(value)) fail(field, 'invalid_value', `${field} must be an object, not ${typeName(value)}`, value);
  for (const key in value) {
    if (Object.hasOwn(value, key) && !allowed.includes(key)) {
      const sorted = [...allowed].sort();
      fail(`${field}.${key}`, 'unknown_field', `${field}.${key} is not a known field; allowed: ${sorted.join(', ')}`, undefined, { allowed_fields: sorted });
    }
  }
  return new Members(value, field);
}

/** An array of `min`-`max` items; the size is checked before any item is looked at. */
function list<T>(min: number, max: number, item: Reader<T>): Reader<T[]> {
  return (value, field) => {
    if (!Array.isArray(value)) fail(field, 'invalid_value', `${field} must be an array, not ${typeName(value)}`, value);
    if (value.length > max || value.length < min) {
      fail(field, 'out_of_range', `${field} takes ${min === 0 ? `at most ${max}` : `${min}-${max}`} items, not ${value.length}`, value);
    }
    const out: T[] = [];
    for (let i = 0; i < value.length; i++) out.push(item(value[i], `${field}[${i}]`));
    return out;
  };
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

const str: Reader<string> = (value, field) => (typeof value === 'string' ? value : fail(field, 'invalid_value', `${field} must be a string, not ${typeName(value)}`, value));

/** Characters as PostgreSQL counts them (code points), without spreading a huge string. */
function charCount(s: string, max: number): number {
  if (s.length > 2 * max) return s.length; // at least s.length / 2 code points: over max anyway
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** A string, trimmed, of `min`-`max` characters after trimming. */
function text(min: number, max: number): Reader<string> {
  return (value, field) => {
    const trimmed = str(value, field).trim();
    const n = charCount(trimmed, max);
    if (n < min || n > max) fail(field, 'out_of_range', `${field} must be ${min}-${max} characters long (after trimming), not ${n}`, value);
    return trimmed;
  };
}

const bool: Reader<boolean> = (value, field) => (typeof value === 'boolean' ? value : fail(field, 'invalid_value', `${field} must be true or false, not ${typeName(value)}`, value));

/** Longer lists of allowed values are not repeated in each error; the enums endpoint lists them. */
const MAX_LISTED_VALUES = 50;

/** One of `values`, matched case-insensitively after trimming; answers the canonical spelling. */
function oneOf<T extends string>(values: readonly T[], enumName?: string): Reader<T> {
  const byKey = new Map<string, T>();
  for (const v of values) if (!byKey.has(v.toLowerCase())) byKey.set(v.toLowerCase(), v);
  const listed = values.length <= MAX_LISTED_VALUES;
  return (value, field) => {
    const found = byKey.get(str(value, field).trim().toLowerCase());
    if (found !== undefined) return found;
    const hint = listed ? `one of ${values.join(', ')}` : `a value of GET /v2/enums/${enumName}`;
    return fail(field, 'invalid_value', `${field} must be ${hint}`, value, listed ? { allowed_values: [...values] } : {});
  };
}

/** Enum values without duplicates; no more items than there are values. */
function enumList<T extends string>(values: readonly T[], enumName?: string): Reader<T[]> {
  const items = list(0, values.length, oneOf(values, enumName));
  return (value, field) => unique(items(value, field));
}

/** An integer `min`-`max`: a fraction is the wrong kind of value, a whole number outside is out of range. */
function int(min: number, max: number): Reader<number> {
  return (value, field) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) fail(field, 'invalid_value', `${field} must be an integer, not ${typeof value === 'number' ? value : typeName(value)}`, value);
    if (value < min || value > max) fail(field, 'out_of_range', `${field} must be ${min}-${max}, not ${value}`, value);
    return value;
  };
}

/** A finite number `min`-`max` (fractions allowed). */
function num(min: number, max: number): Reader<number> {
  return (value, field) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(field, 'invalid_value', `${field} must be a number, not ${typeName(value)}`, value);
    if (value < min || value > max) fail(field, 'out_of_range', `${field} must be ${max === Infinity ? `at least ${min}` : `${min}-${max}`}, not ${value}`, value);
    return value;
  };
}

/** `{min, max}`, each optional, `max` not below `min`. */
function minMax(bound: Reader<number>): Reader<MinMax> {
  return (value, field) => {
    const o = object(value, field, ['max', 'min']);
    const out: MinMax = {};
    const min = o.read('min', bound);
    const max = o.read('max', bound);
    if (min !== undefined) out.min = min;
    if (max !== undefined) out.max = max;
    if (min !== undefined && max !== undefined && max < min) fail(o.path('max'), 'out_of_range', `${o.path('max')} (${max}) is below min (${min})`, max);
    return out;
  };
}

/** `include` and `exclude` of an object level (absent = []). */
function pairOf<T>(o: Members, include: Reader<T[]>, exclude: Reader<T[]> = include): IncludeExclude<T> {
  return { include: o.read('include', include) ?? [], exclude: o.read('exclude', exclude) ?? [] };
}

function includeExclude<T>(include: Reader<T[]>, exclude: Reader<T[]> = include): Reader<IncludeExclude<T>> {
  return (value, field) => pairOf(object(value, field, ['exclude', 'include']), include, exclude);
}

const hasItems = (pair: IncludeExclude<unknown> | undefined) => !!pair && pair.include.length + pair.exclude.length > 0;

// ---------------------------------------------------------------------------------------------
// Value kinds of the filter set.

const hexId: Reader<string> = (value, field) => {
  const id = str(value, field).trim();
  return isHex24(id) ? id : fail(field, 'invalid_format', `${field} is not an id (24 lowercase hexadecimal characters)`, value);
};

const proNetworkId: Reader<number> = (value, field) => {
  if (typeof value === 'string') fail(field, 'invalid_value', `${field} must be a numeric company id; URLs are not accepted`, value);
  if (typeof value !== 'number' || !Number.isInteger(value)) fail(field, 'invalid_value', `${field} must be a positive integer, not ${typeof value === 'number' ? value : typeName(value)}`, value);
  if (value < 1 || !Number.isSafeInteger(value)) fail(field, 'out_of_range', `${field} must be a positive integer, not ${value}`, value);
  return value;
};

const domain: Reader<string> = (value, field) => {
  return normalizeDomain(str(value, field)) ?? fail(field, 'invalid_format', `${field} is not a web domain (such as globex.com)`, value);
};

const domains = (max: number): Reader<string[]> => {
  const items = list(0, max, domain);
  return (value, field) => unique(items(value, field));
};

const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));

const countryCode: Reader<string> = (value, field) => {
  const code = str(value, field).trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) fail(field, 'invalid_format', `${field} must be an ISO 3166-1 alpha-2 country code (2 letters)`, value);
  return COUNTRY_CODES.has(code) ? code : fail(field, 'invalid_value', `${field}: ${code} is not an ISO 3166-1 alpha-2 country code`, value);
};

/** A URL (scheme optional) or host/path: a dotted host followed by a '/'; never a bare name. */
const PRO_NETWORK_URL = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[a-z0-9-]+\.)+[a-z0-9-]+(?::\d+)?\/\S*$/i;

const proNetworkUrl: Reader<string> = (value, field) => {
  const url = text(1, 500)(value, field);
  return PRO_NETWORK_URL.test(url) ? url : fail(field, 'invalid_format', `${field} is not a professional-network URL (such as https://pronet.example/in/ada)`, value);
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;
/** PostgreSQL reads a UTC offset up to ±15:59 ("time zone displacement out of range" from 16:00). */
const MAX_OFFSET_HOURS = 15;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** True for a calendar date that exists (from year 1: PostgreSQL has no year 0). */
function realDate(y: number, m: number, d: number): boolean {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= DAYS_IN_MONTH[m - 1] + (m === 2 && isLeap(y) ? 1 : 0);
}

/** Milliseconds since the epoch of a UTC wall time; setUTCFullYear because Date.UTC maps years 0-99 to 1900-1999. */
function utcMillis(y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  return at.setUTCHours(h, mi, s, ms);
}

/**
 * An ISO 8601 date or a date-time with a zone (`Z` or `±HH:MM`), as the instants it begins and
 * ends at (a date covers its whole UTC day, as the compiler reads a date-only `to`); null when malformed.
 * Exactly what PostgreSQL's timestamptz reads: years 0001-9999 shifted by at most 15:59 (or a
 * date-only `to` plus one day) stay far inside its range (4713 BC to 294276 AD).
 */
function instantRange(s: string): { start: number; end: number } | null {
  const date = DATE.exec(s);
  if (date) {
    const [y, m, d] = date.slice(1).map(Number);
    if (!realDate(y, m, d)) return null;
    const start = utcMillis(y, m, d);
    return { start, end: start + 86_400_000 - 1 };
  }
  const dt = DATE_TIME.exec(s);
  if (!dt) return null;
  const [y, m, d, h, mi] = dt.slice(1, 6).map(Number);
  const sec = Number(dt[6] ?? 0);
  const ms = Number((dt[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const [offsetHours, offsetMinutes] = [Number(dt[10] ?? 0), Number(dt[11] ?? 0)]; // both 0 for Z
  if (!realDate(y, m, d) || h > 23 || mi > 59 || sec > 59 || offsetHours > MAX_OFFSET_HOURS || offsetMinutes > 59) return null;
  const offset = (dt[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const at = utcMillis(y, m, d, h, mi, sec, ms) - offset * 60_000;
  return { start: at, end: at };
}

const SAVED_AT_FORMAT = 'an ISO 8601 date (2026-11-01) or date-time with a zone (2026-11-01T10:00:00Z)';

function savedAt(value: unknown, field: string): { from?: string; to?: string } {
  const o = object(value, field, ['from', 'to']);
  const instant: Reader<{ text: string; range: { start: number; end: number } }> = (v, f) => {
    const trimmed = str(v, f).trim();
    // 64: far longer than any form accepted, so a huge string costs no regex time.
    const range = trimmed.length <= 64 ? instantRange(trimmed) : null;
    return range ? { text: trimmed, range } : fail(f, 'invalid_format', `${f} must be ${SAVED_AT_FORMAT}`, v);
  };
  const from = o.read('from', instant);
  const to = o.read('to', instant);
  if (from && to && to.range.end < from.range.start) fail(o.path('to'), 'out_of_range', `${o.path('to')} is before from`, to.text);
  const out: { from?: string; to?: string } = {};
  if (from) out.from = from.text;
  if (to) out.to = to.text;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The filters, one reader per key of the filter set.

const INDUSTRY_VALUES = unique([...Object.keys(INDUSTRY_GROUPS), ...INDUSTRIES]);
const LOCATION = list(0, 100, text(2, 200));
const BOOLEAN_SEARCH_MAX = 20_000;

function person(value: unknown, field: string): PersonFilter {
  const o = object(value, field, ['id', 'name', 'pro_network_url']);
  const out: PersonFilter = {};
  const id = o.read('id', includeExclude(list(0, 100, hexId)));
  const name = o.read('name', includeExclude(list(0, 500, text(1, 200))));
  const urls = o.read('pro_network_url', proNetworkUrls);
  if (id) out.id = id;
  if (name) out.name = name;
  if (urls) {
    if (hasItems(id) || hasItems(name)) fail(o.path('pro_network_url'), 'conflicting_fields', `${o.path('pro_network_url')} cannot be combined with person.id or person.name`);
    out.pro_network_url = urls;
  }
  return out;
}

/** `pro_network_url{include: [...]}` and a bare array both read the same (docs/people-search.md). */
function proNetworkUrls(value: unknown, field: string): string[] {
  const urls = list(1, 50, proNetworkUrl);
  if (Array.isArray(value)) return urls(value, field);
  if (!isPlainObject(value)) fail(field, 'invalid_value', `${field} must be an array of URLs, not ${typeName(value)}`, value);
  const o = object(value, field, ['include']);
  return o.read('include', urls) ?? fail(o.path('include'), 'out_of_range', `${o.path('include')} takes 1-50 URLs`);
}

function location(withHeadquarters: boolean): Reader<LocationFilter> {
  return (value, field) => {
    const o = object(value, field, withHeadquarters ? ['exclude', 'headquarters_only', 'include'] : ['exclude', 'include']);
    return { ...pairOf(o, LOCATION), headquarters_only: o.read('headquarters_only', bool) ?? false };
  };
}

function companyKeywords(value: unknown, field: string): CompanyKeywordsFilter {
  const o = object(value, field, ['exclude', 'include', 'include_all', 'sources']);
  const phrase = text(3, 100);
  const include = o.read('include', list(1, 20, phrase)) ?? fail(o.path('include'), 'invalid_value', `${o.path('include')} is required (1-20 phrases)`);
  const exclude = o.read('exclude', list(0, 20, phrase)) ?? [];
  const include_all = o.read('include_all', bool) ?? false;
  const sources = o.read('sources', keywordSources) ?? ['specialties'];
  return { include, exclude, include_all, sources };
}

const KEYWORD_SOURCES = enumList<KeywordSource>(KEYWORDS_SOURCES.map((s) => s.value));

function keywordSources(value: unknown, field: string): KeywordSource[] {
  const sources = KEYWORD_SOURCES(value, field);
  // No source would match nothing at all: rather an error than a silently empty result.
  return sources.length > 0 ? sources : fail(field, 'out_of_range', `${field} needs at least one source (omit it for specialties)`, value);
}

function jobTitle(value: unknown, field: string): JobTitleFilter {
  const o = object(value, field, ['boolean_search', 'exclude', 'include', 'match_mode']);
  const titles = list(0, 100, text(2, 100));
  const { include, exclude } = pairOf(o, titles);
  const match_mode = o.read('match_mode', oneOf<TitleMatchMode>(['CONTAINS', 'EXACT'])) ?? 'CONTAINS';
  // Parsed untrimmed, so error positions count from the caller's first character.
  const search = o.read('boolean_search', str);
  if (!search?.trim()) return { include, exclude, match_mode };
  const searchField = o.path('boolean_search');
  if (search.length > BOOLEAN_SEARCH_MAX) fail(searchField, 'out_of_range', `${searchField} may be at most ${BOOLEAN_SEARCH_MAX} characters long, not ${search.length}`, search);
  if (include.length + exclude.length > 0) fail(searchField, 'conflicting_fields', `${searchField} cannot be combined with include or exclude`);
  return { include, exclude, match_mode, boolean: parseBoolean(search, searchField) };
}

function parseBoolean(search: string, field: string) {
  try {
    return parseBooleanSearch(search);
  } catch (error) {
    if (error instanceof BooleanSearchError) throw new FilterValidationError(field, error.code, error.message, search, { position: error.position });
    // The parser is meant to throw only BooleanSearchError; anything else is still the caller's input we cannot read.
    throw new FilterValidationError(field, 'invalid_format', `${field} could not be read`, search);
  }
}

function jobChange(value: unknown, field: string): JobChangeFilter {
  const o = object(value, field, ['change_type', 'timeframe_months']);
  const timeframe_months = o.read('timeframe_months', int(1, 1000)) ?? fail(o.path('timeframe_months'), 'invalid_value', `${o.path('timeframe_months')} is required (an integer 1-1000)`);
  const change_type = o.read('change_type', oneOf<JobChangeType>(['any', 'promotion', 'new_company'])) ?? 'any';
  return { timeframe_months, change_type };
}

function company(value: unknown, field: string): CompanyFilter {
  const o = object(value, field, ['domain', 'id', 'name', 'pro_network_id']);
  const out: CompanyFilter = {};
  const id = o.read('id', includeExclude(list(0, 20_000, hexId)));
  const domainFilter = o.read('domain', (v, f) => {
    const d = object(v, f, ['exclude', 'include', 'match_mode']);
    const match_mode = d.read('match_mode', oneOf<DomainMatchMode>(['ORGANIZATION', 'PRIMARY', 'LINKEDIN_WEBSITE'])) ?? 'ORGANIZATION';
    return { ...pairOf(d, domains(100)), match_mode };
  });
  const name = o.read('name', (v, f) => {
    const n = object(v, f, ['exclude', 'include', 'match_mode']);
    const match_mode = n.read('match_mode', oneOf<CompanyNameMatchMode>(['EXACT', 'CONTAINS'])) ?? 'EXACT';
    return { ...pairOf(n, list(0, 500, text(1, 200))), match_mode };
  });
  const proNetworkIds = o.read('pro_network_id', includeExclude(list(0, 500, proNetworkId)));
  if (id) out.id = id;
  if (domainFilter) out.domain = domainFilter;
  if (name) out.name = name;
  if (proNetworkIds) out.pro_network_id = proNetworkIds;
  return out;
}

function companyCountry(value: unknown, field: string): CountryFilter {
  const o = object(value, field, ['exclude', 'headquarters_only', 'include']);
  const codes: Reader<string[]> = (v, f) => unique(list(0, 500, countryCode)(v, f));
  return { ...pairOf(o, codes), headquarters_only: o.read('headquarters_only', bool) ?? false };
}

/** Validated in full so a caller learns every mistake now, then refused: these answer 400 until offered (docs/people-search.md). */
function notOffered(allowed: readonly string[], max: number, extra?: (o: Members) => void): Reader<never> {
  return (value, field) => {
    const o = object(value, field, allowed);
    pairOf(o, list(0, max, text(1, 200)));
    extra?.(o);
    return fail(field, 'invalid_value', `${field} is not offered yet`, undefined);
  };
}

function contactDetails(value: unknown, field: string): ContactFilter {
  const o = object(value, field, ['email', 'phone']);
  const channel =
    (statuses: readonly string[]): Reader<{ status?: string[]; revealed?: boolean }> =>
    (v, f) => {
      const c = object(v, f, ['revealed', 'status']);
      const out: { status?: string[]; revealed?: boolean } = {};
      const status = c.read('status', enumList(statuses));
      const revealed = c.read('revealed', bool);
      if (status) out.status = status;
      if (revealed !== undefined) out.revealed = revealed;
      return out;
    };
  const out: ContactFilter = {};
  const email = o.read('email', channel(EMAIL_STATUSES));
  const phone = o.read('phone', channel(PHONE_STATUSES));
  if (email) out.email = email;
  if (phone) out.phone = phone;
  return out;
}

function lists(value: unknown, field: string): ListsFilter {
  const o = object(value, field, ['exclude', 'include', 'saved', 'saved_at']);
  const out: ListsFilter = pairOf(o, list(0, 100, text(1, 64)), list(0, 1000, text(1, 64)));
  const saved = o.read('saved', oneOf<SavedFilter>(['any', 'none', 'without_list']));
  const at = o.read('saved_at', savedAt);
  if (saved) out.saved = saved;
  if (at) out.saved_at = at;
  return out;
}

function duplicates(value: unknown, field: string): { exclude_exported: boolean } {
  const o = object(value, field, ['exclude_exported']);
  return { exclude_exported: o.read('exclude_exported', bool) ?? false };
}

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

/** Keys validated and then refused (not part of PeopleFilters). */
const NOT_OFFERED: Record<string, Reader<never>> = {
  company_technologies: notOffered(['exclude', 'include', 'match_mode'], 500, (o) => o.read('match_mode', oneOf(['ANY', 'ALL']))),
  company_technology_categories: notOffered(['exclude', 'include'], 200),
};

const FILTER_KEYS = [...Object.keys(FILTERS), ...Object.keys(NOT_OFFERED)];

/** Validates a raw `filters` value into PeopleFilters; throws FilterValidationError at the first mistake. `path` prefixes every field. */
export function parsePeopleFilters(raw: unknown, path = 'filters'): PeopleFilters {
  if (raw === undefined || raw === null) return {};
  const o = object(raw, path, FILTER_KEYS);
  const out: Record<string, unknown> = {};
  for (const [key, reader] of Object.entries(FILTERS) as [keyof PeopleFilters, Reader<unknown>][]) {
    const value = o.read(key, reader);
    if (value !== undefined) out[key] = value;
  }
  for (const [key, reader] of Object.entries(NOT_OFFERED)) o.read(key, reader);
  // sort_direction is ignored without sort_by (docs/people-search.md#order).
  if (out.sort_by === undefined) delete out.sort_direction;
  return out;
}
