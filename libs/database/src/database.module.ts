import { APP_CONFIG, AppConfig } from '@app/config';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { appPoolTimeouts, dataSourceOptions, PoolWaiting } from './data-source';
import { REPOSITORIES } from './repositories';

export interface DatabaseModuleOptions {
  /** Who waits for the pool's connections (see appPoolTimeouts). */
  waiting: PoolWaiting;
}

/**
 * The TypeORM connection shared by every module of an app, and the repositories over it (one per aggregate, see
 * repositories/index.ts); the schema is changed only by migrations.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [...REPOSITORIES],
      exports: [...REPOSITORIES],
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            dataSourceOptions(config.databaseUrl, {}, appPoolTimeouts(config, options.waiting)),
        }),
      ],
    };
  }
}
