import { QueueName, REDIS } from '@app/common';
import { enqueuePeopleExport } from '@app/common/queues/people-export-queue';
import { PeopleExportRepository } from '@app/database';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { RedisClient } from '@app/common';
import { JobRowSweeper } from '../jobs/job-row-sweeper';

/** Enqueues again the people exports Redis lost (see JobRowSweeper). */
@Injectable()
export class PeopleExportSweeper extends JobRowSweeper {
  constructor(
    rows: PeopleExportRepository,
    @InjectQueue(QueueName.PeopleExport) queue: Queue,
    @Inject(REDIS) redis: RedisClient,
  ) {
    super(
      queue,
      { activeIds: (limit) => rows.activeIds(limit), enqueue: enqueuePeopleExport, what: 'people exports' },
      redis,
    );
  }
}
