// Plain functions (no Nest imports) so unit specs can check the list convention directly.
import { WithMetadata } from './envelope';

/**
 * The one list convention of the API (docs/api.md#lists-and-pagination): a list answer's `data` is the array of items and
 * `metadata.pagination` is `{page, per_page, total_count, total_pages}`. Pages are numbered from 1; a page
 * past the end is empty with the same totals.
 */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Deep enough for any list a client pages through; past it the OFFSET scan is pointless work. */
export const MAX_PAGE = 100_000;

export interface Pagination {
  page: number;
  per_page: number;
  total_count: number;
  total_pages: number;
}

/** Which rows one page holds: `LIMIT perPage OFFSET offset`. */
export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

export function pageRequest(
  query: { page?: number; per_page?: number },
  defaultPerPage = DEFAULT_PER_PAGE,
): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage };
}

export function paginationOf(request: Pick<PageRequest, 'page' | 'perPage'>, totalCount: number): Pagination {
  return {
    page: request.page,
    per_page: request.perPage,
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / request.perPage),
  };
}

/** A list answer: the items as `data`, the pagination (and any route-specific members) in `metadata`. */
export function listAnswer<T>(
  items: T[],
  request: PageRequest,
  totalCount: number | string,
  metadata: Record<string, unknown> = {},
): WithMetadata<T[]> {
  return new WithMetadata(items, { pagination: paginationOf(request, Number(totalCount)), ...metadata });
}
