import { RateLimitModule } from '@app/common';
import { Module } from '@nestjs/common';
import { PeopleSearchService } from './people-search.service';
import { PeopleController } from './people.controller';
import { SearchPool } from './search-pool';

/** People of the service database: search (libs/search does the selecting). */
@Module({
  imports: [RateLimitModule],
  controllers: [PeopleController],
  providers: [SearchPool, PeopleSearchService],
  exports: [SearchPool, PeopleSearchService],
})
export class PeopleModule {}
