import { producerQueueOptions, QueueName } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { VerificationJobReader } from './verification-job.reader';
import { VerificationsController } from './verifications.controller';
import { VerificationsService } from './verifications.service';

/** Bulk email verification: the API creates and reads jobs; apps/worker runs them. */
@Module({
  imports: [
    JobsModule,
    // The API only produces to this queue; the connection is given here so the API needs no BullMQ root module.
    BullModule.registerQueueAsync({
      name: QueueName.EmailVerification,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => producerQueueOptions(config),
    }),
  ],
  controllers: [VerificationsController],
  providers: [VerificationsService, VerificationJobReader],
})
export class VerificationsModule {}
