// Plain functions and SQL (no Nest imports) so unit specs can load them.
import type { QueryResult } from 'pg';
import type { SuggestionType } from './refresh-suggestions';

/** One row of SUGGEST_SQL (pg answers bigint as a string). */
export interface SuggestionRow {
  value: string;
  count: string | number;
  company_id: string | null;
  website: string | null;
}

/**
 * The best `$3` suggestions of type `$1` for query `$2`, best first: tier 0 = the value equals the
 * query, 1 = the value starts with it, 2 = a later word of the value starts with it; inside a tier
 * by rank (`id`: count descending, then value). Case-insensitive (both sides go through lower()),
 * diacritics significant.
 *
 * Which branch runs depends on the query's length; PostgreSQL drops the others when it plans the
 * statement with the values (unnamed statements are planned per execution), and would skip them at
 * run time otherwise:
 * - 1 or 2 characters: tails sharing that head are walked in rank order through the head indexes
 *   and the walk stops at the limit (tier 1), or at twice the limit (tier 2, which may repeat
 *   values of tier 1 or one value for two of its words); exact matches come from the tail index.
 * - 3 or more: every tail starting with the query, from a range scan of the tail index (the range
 *   is [q, q || U+10FFFF), the largest code point, in the index's byte order).
 */
export const SUGGEST_SQL = `
  SELECT s.value, s.count, s.company_id, s.website
  FROM (
    SELECT suggestion_id, min(tier) AS tier
    FROM (
      SELECT suggestion_id, 0 AS tier FROM search_suggestion_words
      WHERE type = $1 AND tail = lower($2) AND first_word
      UNION ALL
      (SELECT suggestion_id, 1 FROM search_suggestion_words
       WHERE char_length(lower($2)) = 1 AND type = $1 AND left(tail, 1) = lower($2) AND first_word
       ORDER BY suggestion_id LIMIT $3)
      UNION ALL
      (SELECT DISTINCT suggestion_id, 2 FROM search_suggestion_words
       WHERE char_length(lower($2)) = 1 AND type = $1 AND left(tail, 1) = lower($2) AND NOT first_word
       ORDER BY suggestion_id LIMIT 2 * $3)
      UNION ALL
      (SELECT suggestion_id, 1 FROM search_suggestion_words
       WHERE char_length(lower($2)) = 2 AND type = $1 AND left(tail, 2) = lower($2) AND first_word
       ORDER BY suggestion_id LIMIT $3)
      UNION ALL
      (SELECT DISTINCT suggestion_id, 2 FROM search_suggestion_words
       WHERE char_length(lower($2)) = 2 AND type = $1 AND left(tail, 2) = lower($2) AND NOT first_word
       ORDER BY suggestion_id LIMIT 2 * $3)
      UNION ALL
      SELECT suggestion_id, CASE WHEN first_word THEN 1 ELSE 2 END FROM search_suggestion_words
      WHERE char_length(lower($2)) > 2 AND type = $1 AND tail ~>=~ lower($2) AND tail ~<~ (lower($2) || chr(1114111))
    ) candidates
    GROUP BY suggestion_id
    ORDER BY tier, suggestion_id
    LIMIT $3) hit
  JOIN search_suggestions s ON s.id = hit.suggestion_id
  ORDER BY hit.tier, s.id`;

/**
 * The best `limit` suggestions of `type` for the normalized `query`, best first, on the pg reader the caller chose
 * (the primary pool or a replica): an unnamed statement, so PostgreSQL plans it with its values (see SUGGEST_SQL).
 */
export async function findSuggestions(
  reader: { query(text: string, values?: unknown[]): Promise<QueryResult> },
  type: SuggestionType,
  query: string,
  limit: number,
): Promise<SuggestionRow[]> {
  return (await reader.query(SUGGEST_SQL, [type, query, limit])).rows as SuggestionRow[];
}
