import { RateLimitModule } from '@app/common';
import { Module } from '@nestjs/common';
import { PeopleListsController } from './people-lists.controller';
import { PeopleListsService } from './people-lists.service';
import { PeopleRecordsController } from './people-records.controller';
import { PeopleRecordsService } from './people-records.service';
import { PeopleSearchService } from './people-search.service';
import { PeopleController } from './people.controller';
import { RedisCountCache } from './redis-count-cache';
import { SearchPool } from './search-pool';

/** People of the service database: search (libs/search does the selecting). */
@Module({
  imports: [RateLimitModule],
  // PeopleRecordsController (GET/PATCH /v2/people/:id) stays last: its `:id` must not shadow a fixed path added later.
  controllers: [PeopleController, PeopleListsController, PeopleRecordsController],
  providers: [SearchPool, RedisCountCache, PeopleSearchService, PeopleListsService, PeopleRecordsService],
  exports: [SearchPool, PeopleSearchService],
})
export class PeopleModule {}
