// Plain functions and SQL (no Nest imports) so unit specs can load them.
import { received, validationError } from '@app/common/http/api-error';
import type { SuggestionRow } from '@app/database/suggestions/suggestion-lookup';
import type { SuggestionType } from '@app/database/suggestions/refresh-suggestions';

/** Bounds of the request (docs/people-search.md "Suggestions"). */
export const SUGGEST_QUERY_MAX = 100;
export const SUGGEST_LIMIT_MAX = 50;
export const SUGGEST_LIMIT_DEFAULT = 10;

/**
 * The query as it is matched: trimmed, inner runs of white space made one space. 1-100 characters
 * (code points) after trimming, else 400 `out_of_range` on `query`.
 */
export function normalizeSuggestQuery(raw: string): string {
  const query = raw.trim().replace(/\s+/g, ' ');
  const length = [...query].length;
  if (length < 1 || length > SUGGEST_QUERY_MAX) {
    throw validationError(
      'query',
      'out_of_range',
      `query must be 1-${SUGGEST_QUERY_MAX} characters long after trimming`,
      received(raw),
    );
  }
  return query;
}

/** One answer item: `id` and `website` only for company_name. */
export interface SuggestionItem {
  value: string;
  count: number;
  id?: string;
  website?: string | null;
}

/** Rows of findSuggestions as answer items (pg answers bigint as a string). */
export function suggestionItems(type: SuggestionType, rows: readonly SuggestionRow[]): SuggestionItem[] {
  return rows.map((row) =>
    type === 'company_name'
      ? { value: row.value, count: Number(row.count), id: row.company_id ?? '', website: row.website }
      : { value: row.value, count: Number(row.count) },
  );
}
