/**
 * Value formats of the people filters (ids, domains, countries, network URLs, instants), each a reader with its
 * schema (readers.ts). Plain module (no Nest, no database).
 */
import { normalizeDomain } from '@app/common/domains/normalize-domain';
import { typeName } from '@app/common/http/api-error';
import { isHex24 } from '@app/common/ids/id-formats';
import { COUNTRIES } from '@app/domain/enums/countries';
import { fail, object, reader, str, text, type Reader } from './readers';

export const hexId: Reader<string> = reader(
  { type: 'string', pattern: '^[0-9a-f]{24}$', example: '5e0000000000000000000001' },
  (value, field) => {
    const id = str(value, field).trim();
    return isHex24(id)
      ? id
      : fail(field, 'invalid_format', `${field} is not an id (24 lowercase hexadecimal characters)`, value);
  },
);

export const proNetworkId: Reader<number> = reader(
  { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  (value, field) => {
    if (typeof value === 'string')
      fail(field, 'invalid_value', `${field} must be a numeric company id; URLs are not accepted`, value);
    if (typeof value !== 'number' || !Number.isInteger(value))
      fail(
        field,
        'invalid_value',
        `${field} must be a positive integer, not ${typeof value === 'number' ? value : typeName(value)}`,
        value,
      );
    if (value < 1 || !Number.isSafeInteger(value))
      fail(field, 'out_of_range', `${field} must be a positive integer, not ${value}`, value);
    return value;
  },
);

export const domain: Reader<string> = reader(
  {
    type: 'string',
    format: 'hostname',
    description: 'a web domain such as globex.com (a URL is read as its host; `www.` is dropped)',
    example: 'globex.com',
  },
  (value, field) =>
    normalizeDomain(str(value, field)) ??
    fail(field, 'invalid_format', `${field} is not a web domain (such as globex.com)`, value),
);

const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));

export const countryCode: Reader<string> = reader(
  { type: 'string', enum: [...COUNTRY_CODES], description: 'ISO 3166-1 alpha-2 country code (any case)' },
  (value, field) => {
    const code = str(value, field).trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code))
      fail(field, 'invalid_format', `${field} must be an ISO 3166-1 alpha-2 country code (2 letters)`, value);
    return COUNTRY_CODES.has(code)
      ? code
      : fail(field, 'invalid_value', `${field}: ${code} is not an ISO 3166-1 alpha-2 country code`, value);
  },
);

/** A URL (scheme optional) or host/path: a dotted host followed by a '/'; never a bare name. */
const PRO_NETWORK_URL = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[a-z0-9-]+\.)+[a-z0-9-]+(?::\d+)?\/\S*$/i;

export const proNetworkUrl: Reader<string> = reader(
  {
    ...text(1, 500).schema,
    pattern: PRO_NETWORK_URL.source.replace(/a-z/g, 'a-zA-Z'),
    example: 'https://pronet.example/in/ada',
  },
  (value, field) => {
    const url = text(1, 500)(value, field);
    return PRO_NETWORK_URL.test(url)
      ? url
      : fail(
          field,
          'invalid_format',
          `${field} is not a professional-network URL (such as https://pronet.example/in/ada)`,
          value,
        );
  },
);

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
export function instantRange(s: string): { start: number; end: number } | null {
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
  if (!realDate(y, m, d) || h > 23 || mi > 59 || sec > 59 || offsetHours > MAX_OFFSET_HOURS || offsetMinutes > 59)
    return null;
  const offset = (dt[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const at = utcMillis(y, m, d, h, mi, sec, ms) - offset * 60_000;
  return { start: at, end: at };
}

const SAVED_AT_FORMAT = 'an ISO 8601 date (2026-11-01) or date-time with a zone (2026-11-01T10:00:00Z)';

/** One end of `saved_at`: its text and the instants it covers. */
const instant: Reader<{ text: string; range: { start: number; end: number } }> = reader(
  {
    type: 'string',
    anyOf: [{ format: 'date' }, { format: 'date-time' }],
    description: `${SAVED_AT_FORMAT}; a UTC offset up to ±15:59`,
    example: '2026-11-01',
  },
  (v, f) => {
    const trimmed = str(v, f).trim();
    // 64: far longer than any form accepted, so a huge string costs no regex time.
    const range = trimmed.length <= 64 ? instantRange(trimmed) : null;
    return range ? { text: trimmed, range } : fail(f, 'invalid_format', `${f} must be ${SAVED_AT_FORMAT}`, v);
  },
);

const SAVED_AT_SHAPE = { from: instant, to: instant };

export const savedAt: Reader<{ from?: string; to?: string }> = reader(
  {
    type: 'object',
    properties: { from: instant.schema, to: instant.schema },
    additionalProperties: false,
    description: 'when the person was saved; `to` may not be before `from` (a date-only `to` covers its whole UTC day)',
    'x-max-not-below-min': ['from', 'to'],
  },
  (value, field) => {
    const o = object(value, field, Object.keys(SAVED_AT_SHAPE));
    const from = o.read('from', instant);
    const to = o.read('to', instant);
    if (from && to && to.range.end < from.range.start)
      fail(o.path('to'), 'out_of_range', `${o.path('to')} is before from`, to.text);
    const out: { from?: string; to?: string } = {};
    if (from) out.from = from.text;
    if (to) out.to = to.text;
    return out;
  },
);
