/**
 * The body that the credit preview (POST /v2/people/calculate-credits) and the people save
 * (POST /v2/people/save) share, read into the people it selects: `data` items or a `filters`
 * selection (docs/people-saves.md#the-body). Plain module (no Nest) so every rule is
 * unit-tested beside it; mistakes throw the API's 400 VALIDATION_ERROR.
 */
import { received, validationError } from '@app/common/http/api-error';
import { isHex24, MAX_URL_LENGTH } from '@app/common/ids/id-formats';
import { parsePersonIds } from '../person-ids';
import { proNetworkKey } from '@app/domain/records/person-derived';

export const MAX_DATA_ITEMS = 25_000;
export const MAX_URL_ITEMS = 50;
/** Most people a filters selection takes, unless it is a whole-list preview. */
export const MAX_LIMIT = 25_000;
export const MAX_WHOLE_LIST_LIMIT = 1_000_000;
export const MAX_EXCLUDE_IDS = 25_000;
/** `data` spends one `search` unit per started block of this many items. */
export const ITEMS_PER_SEARCH_UNIT = 500;

export type Purpose = 'preview' | 'save';

/** One `data` item: a person id, a network URL, or something that names nobody. */
export type PersonItem =
  | { kind: 'id'; identifier: string; id: string }
  | { kind: 'url'; identifier: string; key: string }
  | { kind: 'invalid'; identifier: string | null; reason: string };

export interface DataSelection {
  kind: 'data';
  items: PersonItem[];
}

export interface FiltersSelection {
  kind: 'filters';
  filters: Record<string, unknown>;
  excludeIds: string[];
  limit: number;
  /** The whole-list exception's shape (a preview may then count up to 1,000,000 people). */
  wholeList: boolean;
  /** Scoped to people the workspace saved: the preview spends no `search` unit. */
  scopedToSaved: boolean;
}

export type Selection = DataSelection | FiltersSelection;

export interface SelectionBody {
  data?: unknown[];
  filters?: Record<string, unknown>;
  exclude_ids?: string[];
  limit?: number;
}

export function parseSelection(body: SelectionBody, purpose: Purpose): Selection {
  const hasData = body.data !== undefined && body.data !== null;
  const hasFilters = body.filters !== undefined && body.filters !== null;
  if (hasData === hasFilters) {
    throw validationError(
      'data',
      'conflicting_fields',
      hasData
        ? 'send either data or filters, not both'
        : 'send one of data (people to save) or filters (a search selection)',
      {
        allowed_fields: ['data', 'filters'],
      },
    );
  }
  if (hasData) {
    for (const field of ['exclude_ids', 'limit'] as const) {
      if (body[field] !== undefined)
        throw validationError(
          field,
          'conflicting_fields',
          `${field} applies to a filters selection only; leave it out with data`,
          received(body[field]),
        );
    }
    return { kind: 'data', items: parseItems(body.data!) };
  }
  return parseFiltersSelection(body, purpose);
}

/** `search` units a preview spends (docs/people-saves.md#rate-limits); the save spends the same. */
export function searchUnits(selection: Selection): number {
  if (selection.kind === 'data') return Math.ceil(selection.items.length / ITEMS_PER_SEARCH_UNIT);
  return selection.scopedToSaved ? 0 : 1;
}

function parseItems(data: unknown[]): PersonItem[] {
  if (data.length === 0 || data.length > MAX_DATA_ITEMS) {
    throw validationError(
      'data',
      'out_of_range',
      `data holds 1-${MAX_DATA_ITEMS.toLocaleString('en')} items; got ${data.length.toLocaleString('en')}`,
      { received_type: 'array' },
    );
  }
  const urlItems = data.filter((item) => isPlainObject(item) && 'pro_network_url' in item).length;
  if (urlItems > MAX_URL_ITEMS) {
    throw validationError(
      'data',
      'out_of_range',
      `at most ${MAX_URL_ITEMS} items may be pro_network_url objects; got ${urlItems}`,
      { received_type: 'array' },
    );
  }
  data.forEach(checkItemLength);
  return data.map(parseItem);
}

/** A string far longer than any id or URL is refused, not echoed back as an `invalid` item. */
function checkItemLength(item: unknown, i: number): void {
  const [field, text] =
    typeof item === 'string'
      ? [`data[${i}]`, item]
      : isPlainObject(item) && typeof item.pro_network_url === 'string'
        ? [`data[${i}].pro_network_url`, item.pro_network_url]
        : [null, ''];
  if (field && text.length > MAX_URL_LENGTH) {
    throw validationError(field, 'out_of_range', `${field} must be at most ${MAX_URL_LENGTH} characters`, {
      received_type: 'string',
    });
  }
}

function parseItem(item: unknown): PersonItem {
  if (typeof item === 'string') {
    return isHex24(item)
      ? { kind: 'id', identifier: item, id: item }
      : { kind: 'invalid', identifier: item, reason: 'a person id is 24 lower-case hex characters' };
  }
  if (isPlainObject(item)) {
    const keys = Object.keys(item);
    const url = item.pro_network_url;
    if (keys.length === 1 && typeof url === 'string') {
      const key = proNetworkKey(url);
      return key
        ? { kind: 'url', identifier: url, key }
        : { kind: 'invalid', identifier: url, reason: 'pro_network_url is empty' };
    }
    return {
      kind: 'invalid',
      identifier: typeof url === 'string' ? url : null,
      reason: 'an object item is {"pro_network_url": "<string>"} with no other key',
    };
  }
  return { kind: 'invalid', identifier: null, reason: 'an item is a person id string or a {"pro_network_url"} object' };
}

function parseFiltersSelection(body: SelectionBody, purpose: Purpose): FiltersSelection {
  const filters = body.filters!;
  const excludeIds = parsePersonIds('exclude_ids', body.exclude_ids ?? [], 0, MAX_EXCLUDE_IDS);
  const wholeList = excludeIds.length === 0 && isWholeListSelection(filters);
  const max = wholeList && purpose === 'preview' ? MAX_WHOLE_LIST_LIMIT : MAX_LIMIT;
  const limit = body.limit ?? max;
  if (limit < 1 || limit > max) {
    const why =
      purpose === 'save'
        ? `a save takes 1-${MAX_LIMIT.toLocaleString('en')} people per request`
        : max === MAX_WHOLE_LIST_LIMIT
          ? `a whole-list preview takes 1-${MAX_WHOLE_LIST_LIMIT.toLocaleString('en')} people`
          : `limit is 1-${MAX_LIMIT.toLocaleString('en')}; up to ${MAX_WHOLE_LIST_LIMIT.toLocaleString('en')} only when filters hold nothing but lists naming one list in include, or saved any/without_list, and there are no exclude_ids`;
    throw validationError('limit', 'out_of_range', why, received(limit));
  }
  return { kind: 'filters', filters, excludeIds, limit, wholeList, scopedToSaved: isScopedToSaved(filters) };
}

/**
 * The whole-list exception (up to 1,000,000 people, docs/people-saves.md): `filters` holds only `lists`, and that holds only an
 * `include` naming exactly one list, or only `saved` = `any` / `without_list`.
 */
export function isWholeListSelection(filters: Record<string, unknown>): boolean {
  const keys = Object.keys(filters);
  if (keys.length !== 1 || keys[0] !== 'lists' || !isPlainObject(filters.lists)) return false;
  const lists = filters.lists;
  const listKeys = Object.keys(lists);
  if (listKeys.length !== 1) return false;
  if (listKeys[0] === 'include') return Array.isArray(lists.include) && lists.include.length === 1;
  return listKeys[0] === 'saved' && (lists.saved === 'any' || lists.saved === 'without_list');
}

/**
 * Whether only people the workspace saved can match: members of its lists, its saves, or people
 * whose email it revealed. Such a preview costs no `search` unit: it reads the workspace's own data.
 */
export function isScopedToSaved(filters: Record<string, unknown>): boolean {
  const lists = isPlainObject(filters.lists) ? filters.lists : {};
  if (Array.isArray(lists.include) && lists.include.length > 0) return true;
  if (lists.saved === 'any' || lists.saved === 'without_list') return true;
  if (isPlainObject(lists.saved_at) && Object.keys(lists.saved_at).length > 0) return true;
  const contact = isPlainObject(filters.contact_details) ? filters.contact_details : {};
  return isPlainObject(contact.email) && contact.email.revealed === true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
