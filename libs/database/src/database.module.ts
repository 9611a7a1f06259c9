import { APP_CONFIG, AppConfig } from '@app/config';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { appPoolTimeouts, dataSourceOptions, PoolWaiting } from './data-source';
import { EmailVerificationJobRepository } from './repositories/email-verification-job.repository';
import { PeopleExportRepository } from './repositories/people-export.repository';
import { TableStatisticsRepository } from './repositories/table-statistics.repository';

/** The repositories every app may inject: one per aggregate, each holding its queries. */
export const REPOSITORIES = [EmailVerificationJobRepository, PeopleExportRepository, TableStatisticsRepository];

export interface DatabaseModuleOptions {
  /** Who waits for the pool's connections (see appPoolTimeouts). */
  waiting: PoolWaiting;
}

/** The TypeORM connection shared by every module of an app; the schema is changed only by migrations. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => dataSourceOptions(config.databaseUrl, {}, appPoolTimeouts(config, options.waiting)),
        }),
      ],
      providers: REPOSITORIES,
      exports: REPOSITORIES,
    };
  }
}
