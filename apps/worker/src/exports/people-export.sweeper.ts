import { QueueName, REDIS } from '@app/common';
import { enqueuePeopleExport } from '@app/common/queues/people-export-queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { JobRowSweeper } from '../jobs/job-row-sweeper';

/** Enqueues again the people exports Redis lost (see JobRowSweeper). */
@Injectable()
export class PeopleExportSweeper extends JobRowSweeper {
  constructor(db: DataSource, @InjectQueue(QueueName.PeopleExport) queue: Queue, @Inject(REDIS) redis: Redis) {
    super(db, queue, { table: 'people_exports', enqueue: enqueuePeopleExport, what: 'people exports' }, redis);
  }
}
