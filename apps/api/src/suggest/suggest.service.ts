import { findSuggestions, primaryPool, ReplicaRouter } from '@app/database';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { SuggestDto } from './dto/suggest.dto';
import { normalizeSuggestQuery, SUGGEST_LIMIT_DEFAULT, SuggestionItem, suggestionItems } from './suggest-query';

/** POST /v2/search/suggest: lookups in the precomputed `search_suggestions` (libs/database/src/suggestions). */
@Injectable()
export class SuggestService {
  private readonly pool: Pool;

  constructor(
    dataSource: DataSource,
    private readonly replicas: ReplicaRouter,
  ) {
    // TypeORM's pg pool directly: no query runner per keystroke. Unnamed statements on purpose:
    // PostgreSQL plans each with its values and keeps only the branch the query's length needs.
    this.pool = primaryPool(dataSource);
  }

  /** The best values of one filter for what the user typed, best first. */
  async suggest(body: SuggestDto): Promise<SuggestionItem[]> {
    const query = normalizeSuggestQuery(body.query);
    const reader = await this.replicas.reader({ kind: 'plain' }, this.pool);
    const rows = await findSuggestions(reader, body.type, query, body.limit ?? SUGGEST_LIMIT_DEFAULT);
    return suggestionItems(body.type, rows);
  }
}
