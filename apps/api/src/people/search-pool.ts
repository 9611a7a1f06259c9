import { APP_CONFIG, AppConfig } from '@app/config';
import { pgPoolSettings, poolTimeouts } from '@app/database';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { SEARCH_SESSION_OPTIONS } from './search-session';

/**
 * Connections for people search only: `statement_timeout` is set per connection, so every search
 * statement is bounded without a round trip per request, and a burst of heavy searches waits for
 * these connections instead of taking the ones saves and reads need.
 */
@Injectable()
export class SearchPool implements OnModuleDestroy {
  readonly pool: Pool;
  /** The pool in TypeORM's `query` shape (rows, not results), for the record loaders. */
  readonly reader = {
    query: async <T = any>(text: string, values?: unknown[]): Promise<T> =>
      (await this.pool.query(text, values)).rows as T,
  };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: 8,
      // The pool-wide limits, with the search's own statement_timeout in place of DB_STATEMENT_TIMEOUT.
      ...pgPoolSettings({ ...poolTimeouts(config), statementTimeoutMs: config.searchStatementTimeoutMs }),
      application_name: 'prospecting-search',
      options: SEARCH_SESSION_OPTIONS,
    });
    // An idle client that loses its server must not crash the process.
    this.pool.on('error', () => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
