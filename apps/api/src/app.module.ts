import {
  EnvelopeExceptionFilter,
  EnvelopeInterceptor,
  QueueErrorLog,
  RedisModule,
  structuredLogger,
} from '@app/common';
import { AppConfigModule } from '@app/config';
import { DatabaseModule, ReplicasModule } from '@app/database';
import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { CompaniesModule } from './companies/companies.module';
import { CreditsModule } from './credits/credits.module';
import { EnumsModule } from './enums/enums.module';
import { HealthModule } from './health/health.module';
import { ApiRequestInterceptor } from './http/api-request.interceptor';
import { InputPipe } from './http/input.pipe';
import { DeclaredQueryInterceptor } from './http/declared-query.interceptor';
import { IdempotencyInterceptor } from './http/idempotency.interceptor';
import { JsonBodyInterceptor } from './http/json-body.interceptor';
import { ListsModule } from './lists/lists.module';
import { WorkspaceModule } from './workspace/workspace.module';
import { JobsModule } from './jobs/jobs.module';
import { NotificationsModule } from './notifications/notifications.module';
import { apiRegistry } from './ops/http-metrics';
import { OpsModule } from './ops/ops.module';
import { PeopleModule } from './people/people.module';
import { SEARCH_SESSION_OPTIONS } from './people/search-session';
import { SuggestModule } from './suggest/suggest.module';
import { VerificationsModule } from './verifications/verifications.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    AppConfigModule.forRoot({ requireSecretsKey: true }),
    structuredLogger('api'),
    DatabaseModule.forRoot({ waiting: 'request' }),
    RedisModule.forRoot({ failFast: true }),
    // DATABASE_REPLICA_URLS: reads routed to streaming replicas (docs/replicas.md).
    ReplicasModule.forRoot({ registry: apiRegistry, sessionOptions: SEARCH_SESSION_OPTIONS }),
    AuthModule,
    HealthModule,
    WorkspaceModule,
    ListsModule,
    CompaniesModule,
    PeopleModule,
    CreditsModule,
    SuggestModule,
    EnumsModule,
    JobsModule,
    VerificationsModule,
    WebhooksModule,
    NotificationsModule,
    OpsModule,
  ],
  providers: [
    { provide: APP_PIPE, useClass: InputPipe },
    { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
    // After the guards (the key is checked before anything is read), before the pipes: the query, the body, the
    // Idempotency-Key, the envelope, as one interceptor (ApiRequestInterceptor).
    DeclaredQueryInterceptor,
    JsonBodyInterceptor,
    IdempotencyInterceptor,
    EnvelopeInterceptor,
    { provide: APP_INTERCEPTOR, useClass: ApiRequestInterceptor },
    QueueErrorLog,
  ],
})
export class AppModule {}
