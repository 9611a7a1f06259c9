import { HEX24 } from '@app/common/ids/id-formats';
import {
  BUSINESS_TYPES,
  COMPANY_TYPES,
  EMPLOYEE_RANGES,
  PAGE_TYPES,
  REVENUE_STREAMS,
} from '@app/domain/enums/company-enums';
import { COUNTRIES } from '@app/domain/enums/countries';
import { DEPARTMENT_VALUES } from '@app/domain/enums/departments';
import { INDUSTRIES } from '@app/domain/enums/industries';
import { EMAIL_STATUSES, PHONE_STATUSES, SENIORITIES } from '@app/domain/enums/people-enums';
import type {
  CompanyInput,
  LocationInput,
  PersonInput,
  PositionInput,
  TechnologyInput,
} from '@app/domain/records/record-types';

/** Why a record was refused; `message` names the member, e.g. `positions[0].seniority: …`. */
export class RecordError extends Error {}

export type Validated<T> = { ok: true; record: T } | { ok: false; reason: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SOCIAL_KEYS = [
  'pro_network_url',
  'social_a_url',
  'social_b_url',
  'social_c_url',
  'video_a_url',
  'video_b_url',
  'directory_url',
  'code_host_url',
  'pinboard_url',
];
const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));
const RANGE_VALUES = EMPLOYEE_RANGES.map((r) => r.value as string);
const MAX_POSITIONS = 100;
const MAX_EMAILS = 50;
const MAX_LIST = 1000;

const COMPANY_KEYS = [
  'id',
  'name',
  'description',
  'logo',
  'website',
  'email',
  'pro_network_url',
  'social_networks',
  'industry',
  'keywords',
  'naics_codes',
  'type',
  'business_type',
  'revenue_stream',
  'founded',
  'employee_count',
  'employee_range',
  'location',
  'other_locations',
  'technologies',
  'technologies_checked_at',
  'pro_network_id',
  'organization_id',
  'page_type',
  'pro_network_website',
  'social_media_description',
  'website_text',
];
const PERSON_KEYS = [
  'id',
  'first_name',
  'last_name',
  'pro_network_url',
  'followers',
  'location',
  'emails',
  'phone',
  'positions',
];
const POSITION_KEYS = ['company_id', 'title', 'seniority', 'departments', 'started_at', 'ended_at', 'is_primary'];
const LOCATION_KEYS = ['city', 'state', 'state_code', 'country', 'country_code', 'raw_address'];

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const fail = (path: string, message: string): never => {
  throw new RecordError(`${path}: ${message}`);
};

function object(v: unknown, path: string, allowed: readonly string[]): Record<string, unknown> {
  if (kind(v) !== 'object') fail(path || 'record', `expected an object, got ${kind(v)}`);
  const o = v as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!allowed.includes(key)) fail(path ? `${path}.${key}` : key, 'unknown member');
  return o;
}

function str(v: unknown, path: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') fail(path, `expected a string or null, got ${kind(v)}`);
  return v as string;
}

function requiredStr(v: unknown, path: string): string {
  const s = str(v, path);
  if (s === null || s.length === 0) fail(path, 'required');
  return s as string;
}

function int(v: unknown, path: string, min: number, max: number): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v))
    fail(path, `expected an integer, got ${typeof v === 'number' ? v : kind(v)}`);
  if ((v as number) < min || (v as number) > max) fail(path, `${v as number} is out of range ${min}-${max}`);
  return v as number;
}

function oneOf(v: unknown, path: string, values: readonly string[], what: string): string | null {
  const s = str(v, path);
  if (s !== null && !values.includes(s)) fail(path, `unknown ${what} "${s.slice(0, 80)}"`);
  return s;
}

function array<T>(v: unknown, path: string, max: number, item: (x: unknown, p: string) => T): T[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) fail(path, `expected an array, got ${kind(v)}`);
  const a = v as unknown[];
  if (a.length > max) fail(path, `more than ${max} items`);
  return a.map((x, i) => item(x, `${path}[${i}]`));
}

function hexId(v: unknown, path: string): string {
  if (typeof v !== 'string' || !HEX24.test(v))
    fail(
      path,
      `expected 24 lowercase hexadecimal characters, got ${typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : kind(v)}`,
    );
  return v as string;
}

/** A calendar date written YYYY-MM-DD (or null). */
function date(v: unknown, path: string): string | null {
  const s = str(v, path);
  if (s === null) return null;
  const m = DATE.exec(s);
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
  if (!m || !d || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3] || +m[1] < 1900)
    fail(path, `expected a date YYYY-MM-DD, got ${JSON.stringify(s.slice(0, 40))}`);
  return s;
}

function timestamp(v: unknown, path: string): string | null {
  const s = str(v, path);
  if (s === null) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s) || Number.isNaN(Date.parse(s)))
    fail(path, `expected an ISO 8601 timestamp, got ${JSON.stringify(s.slice(0, 40))}`);
  return new Date(s).toISOString();
}

function url(v: unknown, path: string): string | null {
  const s = str(v, path);
  if (s !== null && !/^https?:\/\/[^\s/]+/i.test(s))
    fail(path, `expected an http(s) URL, got ${JSON.stringify(s.slice(0, 80))}`);
  return s;
}

function countryCode(v: unknown, path: string): string | null {
  const s = str(v, path);
  if (s === null) return null;
  const code = s.toUpperCase();
  if (!COUNTRY_CODES.has(code)) fail(path, `unknown ISO 3166-1 alpha-2 country code "${s.slice(0, 10)}"`);
  return code;
}

function location(v: unknown, path: string): LocationInput | null {
  if (v === undefined || v === null) return null;
  const o = object(v, path, LOCATION_KEYS);
  return {
    city: str(o.city, `${path}.city`),
    state: str(o.state, `${path}.state`),
    state_code: str(o.state_code, `${path}.state_code`),
    country: str(o.country, `${path}.country`),
    country_code: countryCode(o.country_code, `${path}.country_code`),
    raw_address: str(o.raw_address, `${path}.raw_address`),
  };
}

function technology(v: unknown, path: string): TechnologyInput {
  const o = object(v, path, ['id', 'name', 'icon_url', 'website', 'categories']);
  return {
    id: requiredStr(o.id, `${path}.id`),
    name: requiredStr(o.name, `${path}.name`),
    icon_url: str(o.icon_url, `${path}.icon_url`),
    website: str(o.website, `${path}.website`),
    categories: array(o.categories, `${path}.categories`, 50, (c, p) => {
      const co = object(c, p, ['id', 'name']);
      return { id: requiredStr(co.id, `${p}.id`), name: requiredStr(co.name, `${p}.name`) };
    }),
  };
}

function companyFields(v: unknown): CompanyInput {
  const o = object(v, '', COMPANY_KEYS);
  const id = hexId(o.id, 'id');
  const email = o.email === undefined || o.email === null ? {} : object(o.email, 'email', ['domain', 'provider']);
  const socialsIn =
    o.social_networks === undefined || o.social_networks === null
      ? {}
      : object(o.social_networks, 'social_networks', SOCIAL_KEYS);
  const social_networks = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, url(socialsIn[k], `social_networks.${k}`)]));
  const industry = str(o.industry, 'industry');
  if (industry !== null && !INDUSTRIES.has(industry)) fail('industry', `unknown industry "${industry.slice(0, 80)}"`);
  const employeeCount = int(o.employee_count, 'employee_count', 0, 10_000_000);
  return {
    id,
    name: str(o.name, 'name'),
    description: str(o.description, 'description'),
    logo: str(o.logo, 'logo'),
    website: str(o.website, 'website'),
    email: { domain: str(email.domain, 'email.domain'), provider: str(email.provider, 'email.provider') },
    pro_network_url: url(o.pro_network_url, 'pro_network_url'),
    social_networks,
    industry,
    keywords: array(o.keywords, 'keywords', MAX_LIST, (x, p) => requiredStr(x, p)),
    naics_codes: array(
      o.naics_codes,
      'naics_codes',
      100,
      (x, p) => int(x, p, 10, 999_999) ?? fail(p, 'expected an integer, got null'),
    ),
    type: oneOf(o.type, 'type', COMPANY_TYPES, 'company type'),
    business_type: oneOf(o.business_type, 'business_type', BUSINESS_TYPES, 'business type'),
    revenue_stream: oneOf(o.revenue_stream, 'revenue_stream', REVENUE_STREAMS, 'revenue stream'),
    founded: int(o.founded, 'founded', 1000, 2100),
    employee_count: employeeCount,
    employee_range: oneOf(o.employee_range, 'employee_range', RANGE_VALUES, 'employee range'),
    location: location(o.location, 'location'),
    other_locations: array(
      o.other_locations,
      'other_locations',
      MAX_LIST,
      (x, p) => location(x, p) ?? fail(p, 'expected an object, got null'),
    ),
    technologies: array(o.technologies, 'technologies', MAX_LIST, technology),
    technologies_checked_at: timestamp(o.technologies_checked_at, 'technologies_checked_at'),
    pro_network_id: int(o.pro_network_id, 'pro_network_id', 1, Number.MAX_SAFE_INTEGER),
    organization_id: str(o.organization_id, 'organization_id'),
    page_type: oneOf(o.page_type, 'page_type', PAGE_TYPES, 'page type'),
    pro_network_website: str(o.pro_network_website, 'pro_network_website'),
    social_media_description: str(o.social_media_description, 'social_media_description'),
    website_text: str(o.website_text, 'website_text'),
  };
}

function position(v: unknown, path: string): PositionInput {
  const o = object(v, path, POSITION_KEYS);
  const started_at = date(o.started_at, `${path}.started_at`);
  const ended_at = date(o.ended_at, `${path}.ended_at`);
  if (started_at && ended_at && ended_at < started_at)
    fail(`${path}.ended_at`, `${ended_at} is before started_at ${started_at}`);
  if (o.is_primary !== undefined && o.is_primary !== null && typeof o.is_primary !== 'boolean')
    fail(`${path}.is_primary`, `expected a boolean, got ${kind(o.is_primary)}`);
  return {
    company_id: o.company_id === undefined || o.company_id === null ? null : hexId(o.company_id, `${path}.company_id`),
    title: str(o.title, `${path}.title`),
    seniority: oneOf(o.seniority, `${path}.seniority`, SENIORITIES, 'seniority') as PositionInput['seniority'],
    departments: array(o.departments, `${path}.departments`, 20, (x, p) => {
      const d = requiredStr(x, p);
      if (!DEPARTMENT_VALUES.has(d)) fail(p, `unknown department "${d.slice(0, 80)}"`);
      return d;
    }),
    started_at,
    ended_at,
    is_primary: o.is_primary === true,
  };
}

function personFields(v: unknown): PersonInput {
  const o = object(v, '', PERSON_KEYS);
  const id = hexId(o.id, 'id');
  const loc = location(o.location, 'location');
  const positions = array(o.positions, 'positions', MAX_POSITIONS, position);
  if (positions.filter((p) => p.is_primary && p.ended_at === null).length > 1)
    fail('positions', 'more than one current position is marked is_primary');
  const phone = o.phone === undefined || o.phone === null ? null : object(o.phone, 'phone', ['status']);
  return {
    id,
    first_name: str(o.first_name, 'first_name'),
    last_name: str(o.last_name, 'last_name'),
    pro_network_url: url(o.pro_network_url, 'pro_network_url'),
    followers: int(o.followers, 'followers', 0, 2_000_000_000) ?? 0,
    location: loc && {
      city: loc.city,
      state: loc.state,
      state_code: loc.state_code,
      country: loc.country,
      country_code: loc.country_code,
    },
    emails: array(o.emails, 'emails', MAX_EMAILS, (x, p) => {
      const e = object(x, p, ['address', 'status']);
      const address = requiredStr(e.address, `${p}.address`);
      if (address.length > 320 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
        fail(`${p}.address`, `not an email address: ${JSON.stringify(address.slice(0, 80))}`);
      const status = oneOf(e.status, `${p}.status`, EMAIL_STATUSES, 'email status');
      if (status === null) fail(`${p}.status`, 'required');
      return { address, status: status as PersonInput['emails'][number]['status'] };
    }),
    phone: phone && { status: oneOf(phone.status, 'phone.status', PHONE_STATUSES, 'phone status') ?? 'unknown' },
    positions,
  };
}

function validated<T>(fields: (v: unknown) => T, value: unknown): Validated<T> {
  try {
    return { ok: true, record: fields(value) };
  } catch (error) {
    if (error instanceof RecordError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Checks a parsed company line against docs/dataset.md and fills absent members with null/[]. */
export const validateCompany = (value: unknown): Validated<CompanyInput> => validated(companyFields, value);

/** Checks a parsed person line against docs/dataset.md and fills absent members with null/[]. */
export const validatePerson = (value: unknown): Validated<PersonInput> => validated(personFields, value);
