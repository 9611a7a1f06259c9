import { RateLimitModule } from '@app/common';
import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { PeopleExportJobReader } from './exports/people-export-job.reader';
import { PeopleExportQueueModule } from './exports/people-export.queue';
import { PeopleExportsController } from './exports/people-exports.controller';
import { PeopleExportsService } from './exports/people-exports.service';
import { PeopleListsController } from './people-lists.controller';
import { PeopleListsService } from './people-lists.service';
import { PeopleRecordsController } from './people-records.controller';
import { PeopleRecordsService } from './people-records.service';
import { PEOPLE_SEARCH_ENGINE_PROVIDER } from './people-search-engine.provider';
import { PeopleSearchService } from './people-search.service';
import { PeopleController } from './people.controller';
import { RedisCountCache } from './redis-count-cache';
import { CreditsPreviewService } from './saves/credits-preview.service';
import { PeopleSaveService } from './saves/people-save.service';
import { PeopleSavesController } from './saves/people-saves.controller';
import { PeopleSelector } from './saves/people-selector';
import { SearchPool } from './search-pool';

/** People of the service database: search, the credit preview and saves (libs/search does the selecting), records, lists and CSV exports. */
@Module({
  imports: [RateLimitModule, JobsModule, PeopleExportQueueModule],
  // PeopleRecordsController (GET/PATCH /v2/people/:id) stays last: its `:id` must not shadow a fixed path added later.
  controllers: [
    PeopleController,
    PeopleSavesController,
    PeopleListsController,
    PeopleExportsController,
    PeopleRecordsController,
  ],
  providers: [
    SearchPool,
    RedisCountCache,
    PEOPLE_SEARCH_ENGINE_PROVIDER,
    PeopleSearchService,
    PeopleListsService,
    PeopleRecordsService,
    PeopleSelector,
    CreditsPreviewService,
    PeopleSaveService,
    PeopleExportsService,
    PeopleExportJobReader,
  ],
  exports: [SearchPool, PeopleSearchService],
})
export class PeopleModule {}
