import { normalizeDomain } from '@app/common/domains/normalize-domain';
import { HEX24, MAX_URL_LENGTH } from '@app/common/ids/id-formats';
/**
 * The items of POST /v2/companies/save (docs/company-save.md), read without touching the database.
 * Plain module (no Nest imports) so the rules are unit-tested beside it.
 *
 * Two kinds of trouble, kept apart as docs/company-save.md says:
 * - a malformed request (an item of the wrong JSON type, a lookup value of the wrong type, two
 *   lookup keys in one item, too many items without an id) rejects the whole request (400);
 * - an item that is well-formed JSON but cannot identify a company (a malformed id or domain,
 *   only unusable keys such as `name`) lands in the `invalid` bucket and the rest still save.
 */

export const LOOKUP_KEYS = ['id', 'pro_network_id', 'pro_network_url', 'domain'] as const;
export type LookupKey = (typeof LOOKUP_KEYS)[number];

/**
 * Every key an item object may carry: the lookup keys and `name`, which docs/company-save.md names as an
 * unusable key (listed in `skipped`). Any other key is a mistake and answers 400 `unknown_field`.
 */
export const ITEM_KEYS: readonly string[] = [...LOOKUP_KEYS, 'name'];

export const MAX_SAVE_ITEMS = 500;
export const MAX_ITEMS_WITHOUT_ID = 50;
export const MAX_SAVE_LISTS = 20;

export type Identifier = string | number | null;

/** An item that names a company by one lookup key; `value` is normalized for the lookup. */
export interface LookupItem {
  kind: 'lookup';
  identifier: Identifier;
  by: LookupKey;
  value: string | number;
}

export interface InvalidItem {
  kind: 'invalid';
  identifier: Identifier;
  reason: string;
  skipped: string[];
}

export type SaveItem = LookupItem | InvalidItem;

/** A request-level mistake; the service answers it as 400 VALIDATION_ERROR. */
export class SaveInputError extends Error {
  constructor(
    readonly field: string,
    readonly code: 'out_of_range' | 'conflicting_fields' | 'invalid_value' | 'unknown_field',
    message: string,
    readonly value?: unknown,
    /** More payload members: `allowed_fields` for `unknown_field`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * The spellings a stored professional-network URL may have for what the caller sent: with and
 * without `www.`, http or https, with or without a trailing slash; all lowercase, no query or
 * fragment. Null when the value is no URL of a page (a bare host cannot name a company).
 */
export function proNetworkUrlCandidates(raw: string): string[] | null {
  const trimmed = raw.trim();
  if (trimmed.length === 0 || /\s/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.toLowerCase().replace(/\/+$/, '');
  if (!host.includes('.') || path === '') return null;
  const out: string[] = [];
  for (const scheme of ['https', 'http'])
    for (const h of [host, `www.${host}`]) for (const p of [path, `${path}/`]) out.push(`${scheme}://${h}${p}`);
  return out;
}

function invalid(identifier: Identifier, reason: string, skipped: string[] = []): InvalidItem {
  return { kind: 'invalid', identifier, reason, skipped };
}

/** An item whose one lookup key holds an unusable value: that key is what `skipped` lists. */
function unusable(key: LookupKey, identifier: Identifier, reason: string): InvalidItem {
  return invalid(identifier, reason, [key]);
}

function parseLookup(key: LookupKey, value: unknown, field: string): SaveItem {
  switch (key) {
    case 'id':
    case 'pro_network_url':
    case 'domain':
      if (typeof value !== 'string')
        throw new SaveInputError(field, 'invalid_value', `${field} must be a string`, value);
      // Longer than any URL we accept: refused outright rather than echoed back as an unusable item.
      if (value.length > MAX_URL_LENGTH)
        throw new SaveInputError(field, 'out_of_range', `${field} must be at most ${MAX_URL_LENGTH} characters`, value);
      break;
    case 'pro_network_id':
      if (typeof value !== 'number')
        throw new SaveInputError(field, 'invalid_value', `${field} must be an integer`, value);
      break;
  }
  if (key === 'id') {
    const id = value as string;
    return HEX24.test(id)
      ? { kind: 'lookup', identifier: id, by: 'id', value: id }
      : unusable(key, id, 'id is not a company id (24 lowercase hexadecimal characters)');
  }
  if (key === 'pro_network_id') {
    const n = value as number;
    return Number.isSafeInteger(n) && n > 0
      ? { kind: 'lookup', identifier: n, by: key, value: n }
      : unusable(key, n, 'pro_network_id is not a positive integer');
  }
  if (key === 'domain') {
    const domain = normalizeDomain(value as string);
    return domain
      ? { kind: 'lookup', identifier: value as string, by: key, value: domain }
      : unusable(key, value, 'domain is not a web domain');
  }
  return proNetworkUrlCandidates(value as string)
    ? { kind: 'lookup', identifier: value as string, by: key, value: value as string }
    : unusable(key, value, 'pro_network_url is not the URL of a company page');
}

/** Reads one item of `data`; throws SaveInputError for a request-level mistake. A string item is an id. */
export function parseSaveItem(item: unknown, index: number): SaveItem {
  const field = `data[${index}]`;
  if (typeof item === 'string') return parseLookup('id', item, field);
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    throw new SaveInputError(
      field,
      'invalid_value',
      `${field} must be a company id string or an object with one of ${LOOKUP_KEYS.join(', ')}`,
      item,
    );
  }
  const keys = Object.keys(item);
  const unknown = keys.find((k) => !ITEM_KEYS.includes(k));
  if (unknown !== undefined) {
    throw new SaveInputError(`${field}.${unknown}`, 'unknown_field', `unknown field "${field}.${unknown}"`, undefined, {
      allowed_fields: [...ITEM_KEYS].sort(),
    });
  }
  const lookups = LOOKUP_KEYS.filter((k) => keys.includes(k));
  if (lookups.length > 1) {
    throw new SaveInputError(
      field,
      'conflicting_fields',
      `${field} carries ${lookups.join(' and ')}; give exactly one lookup key`,
    );
  }
  if (lookups.length === 1) {
    const key = lookups[0];
    return parseLookup(key, (item as Record<string, unknown>)[key], `${field}.${key}`);
  }
  if (keys.length === 0) return invalid(null, `the item has no lookup key; give one of ${LOOKUP_KEYS.join(', ')}`);
  return invalid(
    null,
    `none of these keys identifies a company; give one of ${LOOKUP_KEYS.join(', ')} (a name must be resolved by company enrich first and its id saved)`,
    keys,
  );
}

/**
 * True for an item without an id (docs/company-save.md): an object with no `id` key, whatever it carries
 * instead (a lookup key, only `name`, nothing). Each counts toward the 50 and costs 1 `enrich` unit;
 * a string item is an id.
 */
export function lacksId(item: unknown): boolean {
  return item !== null && typeof item === 'object' && !Array.isArray(item) && !('id' in item);
}

/**
 * Reads every item of `data` (already known to be an array of 1-500 items) and enforces the
 * limit on items without an id. Answers the items in request order and the `enrich` units due.
 */
export function parseSaveItems(data: readonly unknown[]): { items: SaveItem[]; enrichUnits: number } {
  const items = data.map(parseSaveItem);
  const enrichUnits = data.filter(lacksId).length;
  if (enrichUnits > MAX_ITEMS_WITHOUT_ID) {
    throw new SaveInputError(
      'data',
      'out_of_range',
      `at most ${MAX_ITEMS_WITHOUT_ID} items may come without an id; ${enrichUnits} do`,
      enrichUnits,
    );
  }
  return { items, enrichUnits };
}
