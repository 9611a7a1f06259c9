/**
 * The body of POST /v2/people/export read into what it selects: person ids, or a people search
 * filter set scoped to saved people. Plain module (no Nest) so the rules are unit-tested beside it;
 * mistakes throw the API's 400 VALIDATION_ERROR.
 */
import { received, validationError } from '@app/common/http/api-error';
import { MAX_EXCLUDE_IDS } from '../saves/selection-request';
import { parsePersonIds } from '../person-ids';

/** Most people one export takes (ids given, or `limit` with filters). */
export const MAX_EXPORT_PEOPLE = 25_000;

export interface ExportBody {
  ids?: unknown[] | null;
  filters?: Record<string, unknown> | null;
  exclude_ids?: unknown[] | null;
  limit?: number | null;
}

export type ExportRequest =
  | { kind: 'ids'; ids: string[] }
  | { kind: 'filters'; filters: Record<string, unknown>; excludeIds: string[]; limit: number };

export function parseExportRequest(body: ExportBody): ExportRequest {
  const hasIds = body.ids !== undefined && body.ids !== null;
  const hasFilters = body.filters !== undefined && body.filters !== null;
  if (hasIds === hasFilters) {
    throw validationError(
      'ids',
      'conflicting_fields',
      hasIds
        ? 'send either ids or filters, not both'
        : 'send one of ids (saved people to export) or filters (a search of saved people)',
      {
        allowed_fields: ['ids', 'filters'],
      },
    );
  }
  if (hasIds) {
    for (const field of ['exclude_ids', 'limit'] as const) {
      if (body[field] !== undefined && body[field] !== null) {
        throw validationError(
          field,
          'conflicting_fields',
          `${field} applies to a filters export only; leave it out with ids`,
          received(body[field]),
        );
      }
    }
    return { kind: 'ids', ids: parsePersonIds('ids', body.ids!, 1, MAX_EXPORT_PEOPLE) };
  }
  const limit = body.limit ?? MAX_EXPORT_PEOPLE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_EXPORT_PEOPLE) {
    throw validationError(
      'limit',
      'out_of_range',
      `limit is 1-${MAX_EXPORT_PEOPLE.toLocaleString('en')}`,
      received(limit),
    );
  }
  const excludeIds = body.exclude_ids ? parsePersonIds('exclude_ids', body.exclude_ids, 0, MAX_EXCLUDE_IDS) : [];
  return { kind: 'filters', filters: scopeToSaved(body.filters!), excludeIds, limit };
}

/**
 * Only saved people are exported: `lists.saved` becomes `any` when the filters leave it out;
 * `none` (people not saved) can export nobody and is refused. Other `lists` mistakes are the
 * search engine's to answer.
 */
export function scopeToSaved(filters: Record<string, unknown>): Record<string, unknown> {
  const lists = filters.lists;
  if (lists === undefined || lists === null) return { ...filters, lists: { saved: 'any' } };
  if (typeof lists !== 'object' || Array.isArray(lists)) return filters;
  const saved = (lists as Record<string, unknown>).saved;
  if (typeof saved === 'string' && saved.trim().toLowerCase() === 'none') {
    throw validationError(
      'filters.lists.saved',
      'invalid_value',
      'an export takes saved people only: lists.saved may be any or without_list, not none',
      received(saved),
    );
  }
  if (saved === undefined || saved === null) return { ...filters, lists: { ...lists, saved: 'any' } };
  return filters;
}
