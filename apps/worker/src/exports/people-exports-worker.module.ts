import { QueueName } from '@app/common';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { PeopleExportProcessor } from './people-export.processor';
import { PeopleExportSweeper } from './people-export.sweeper';
import { PeopleExportRunner } from './people-export-runner.service';

/** Runs people exports (created by the API's PeopleModule). */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.PeopleExport })],
  providers: [PeopleExportProcessor, PeopleExportRunner, PeopleExportSweeper],
})
export class PeopleExportsWorkerModule {}
