import { QueueName, REDIS } from '@app/common';
import { enqueueVerification } from '@app/common/email';
import { EmailVerificationJobRepository } from '@app/database';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { RedisClient } from '@app/common';
import { JobRowSweeper } from '../jobs/job-row-sweeper';

/** Enqueues again the verification jobs Redis lost (see JobRowSweeper). */
@Injectable()
export class VerificationSweeper extends JobRowSweeper {
  constructor(
    rows: EmailVerificationJobRepository,
    @InjectQueue(QueueName.EmailVerification) queue: Queue,
    @Inject(REDIS) redis: RedisClient,
  ) {
    super(
      queue,
      { activeIds: (limit) => rows.activeIds(limit), enqueue: enqueueVerification, what: 'verification jobs' },
      redis,
    );
  }
}
