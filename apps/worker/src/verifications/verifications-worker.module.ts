import { QueueName } from '@app/common';
import { resolverFromSetting } from '@app/common/email';
import { APP_CONFIG, AppConfig } from '@app/config';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { OwnedAddresses } from './owned-addresses';
import { StoredEmailStatuses } from './stored-email-statuses';
import { VerificationProcessor } from './verification.processor';
import { VerificationSweeper } from './verification.sweeper';
import { DOMAIN_RESOLVER, VerificationRunner } from './verification-runner.service';

/** Runs email verification jobs (created by the API's VerificationsModule). */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.EmailVerification })],
  providers: [
    VerificationProcessor,
    VerificationRunner,
    VerificationSweeper,
    StoredEmailStatuses,
    OwnedAddresses,
    {
      provide: DOMAIN_RESOLVER,
      inject: [APP_CONFIG],
      // Real DNS by default. VERIFICATION_RESOLVER=static:<json> is a test and offline facility,
      // read only when set; a bad value stops the worker at start.
      useFactory: (config: AppConfig) =>
        config.verificationDns ? resolverFromSetting(process.env.VERIFICATION_RESOLVER) : null,
    },
  ],
})
export class VerificationsWorkerModule {}
