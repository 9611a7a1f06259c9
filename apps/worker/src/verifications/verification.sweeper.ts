import { QueueName, REDIS } from '@app/common';
import { enqueueVerification } from '@app/common/email';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { JobRowSweeper } from '../jobs/job-row-sweeper';

/** Enqueues again the verification jobs Redis lost (see JobRowSweeper). */
@Injectable()
export class VerificationSweeper extends JobRowSweeper {
  constructor(db: DataSource, @InjectQueue(QueueName.EmailVerification) queue: Queue, @Inject(REDIS) redis: Redis) {
    super(db, queue, { table: 'email_verification_jobs', enqueue: enqueueVerification, what: 'verification jobs' }, redis);
  }
}
