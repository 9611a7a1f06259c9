import { APP_CONFIG, AppConfig } from '@app/config';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { appPoolTimeouts, dataSourceOptions, PoolWaiting } from './data-source';
import { IdempotencyKeyRepository } from './repositories/idempotency-key.repository';

/** The repositories every app may inject (one per aggregate). */
const REPOSITORIES = [IdempotencyKeyRepository];

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
