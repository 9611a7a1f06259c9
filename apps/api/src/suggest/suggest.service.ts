import { findSuggestions, ReplicaRouter } from '@app/database';
import { Injectable } from '@nestjs/common';
import { SuggestDto } from './dto/suggest.dto';
import { normalizeSuggestQuery, SUGGEST_LIMIT_DEFAULT, SuggestionItem, suggestionItems } from './suggest-query';

/** POST /v2/search/suggest: lookups in the precomputed `search_suggestions` (libs/database/src/suggestions). */
@Injectable()
export class SuggestService {
  constructor(private readonly replicas: ReplicaRouter) {}

  /** The best values of one filter for what the user typed, best first. */
  async suggest(body: SuggestDto): Promise<SuggestionItem[]> {
    const query = normalizeSuggestQuery(body.query);
    // A pg pool directly (the primary's or a replica's): no query runner per keystroke. Unnamed statements on
    // purpose: PostgreSQL plans each with its values and keeps only the branch the query's length needs.
    const reader = await this.replicas.reader({ kind: 'plain' });
    const rows = await findSuggestions(reader, body.type, query, body.limit ?? SUGGEST_LIMIT_DEFAULT);
    return suggestionItems(body.type, rows);
  }
}
