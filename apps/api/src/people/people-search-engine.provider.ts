import { APP_CONFIG, AppConfig } from '@app/config';
import { PeopleSearchEngine } from '@app/search';
import { Provider } from '@nestjs/common';
import { RedisCountCache } from './redis-count-cache';
import { SearchPool } from './search-pool';

/**
 * The one PeopleSearchEngine of the API, on the search pool with the Redis count cache: it selects the people of
 * a search, a credit preview, a save and an export, so they all pick alike. Injected by its class.
 */
export const PEOPLE_SEARCH_ENGINE_PROVIDER: Provider = {
  provide: PeopleSearchEngine,
  inject: [SearchPool, RedisCountCache, APP_CONFIG],
  useFactory: (search: SearchPool, counts: RedisCountCache, config: AppConfig) =>
    new PeopleSearchEngine(search.pool, counts, { estimateCountsAbove: config.searchCountEstimateAbove }),
};
