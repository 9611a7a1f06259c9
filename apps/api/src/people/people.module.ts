import { RateLimitModule } from '@app/common';
import { Module } from '@nestjs/common';
import { PeopleSearchService } from './people-search.service';
import { PeopleController } from './people.controller';
import { RedisCountCache } from './redis-count-cache';
import { SearchPool } from './search-pool';

/** People of the service database: search (libs/search does the selecting). */
@Module({
  imports: [RateLimitModule],
  controllers: [PeopleController],
  providers: [SearchPool, RedisCountCache, PeopleSearchService],
  exports: [SearchPool, PeopleSearchService],
})
export class PeopleModule {}
