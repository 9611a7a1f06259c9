import { REDIS } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DynamicModule, Global, Logger, Module } from '@nestjs/common';
import type { RedisClient } from '@app/common/redis';
import type { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { pgPoolSettings, poolTimeouts, primaryPool } from '../data-source';
import { ReplicaRouter } from './replica-router';

export interface ReplicasModuleOptions {
  /** Where the routing metrics go (the app's Prometheus registry). */
  registry?: Registry;
  /** PostgreSQL session options of every replica connection (the search's planner settings). */
  sessionOptions?: string;
  /** A process that routes no reads (the worker): it only notes its writes' positions, with no replica connection. */
  notesOnly?: boolean;
}

/** The read router of DATABASE_REPLICA_URLS (docs/replicas.md); without replicas every read stays on the primary. */
@Global()
@Module({})
export class ReplicasModule {
  static forRoot(options: ReplicasModuleOptions = {}): DynamicModule {
    return {
      module: ReplicasModule,
      providers: [
        {
          provide: ReplicaRouter,
          inject: [APP_CONFIG, DataSource, REDIS],
          useFactory: (config: AppConfig, dataSource: DataSource, redis: RedisClient) => {
            const logger = new Logger('Replicas');
            return new ReplicaRouter({
              urls: config.databaseReplicaUrls,
              maxLagMs: config.databaseReplicaMaxLagMs,
              primary: primaryPool(dataSource),
              redis,
              poolConfig: {
                max: 8,
                // Reads only, bounded like searches: SEARCH_STATEMENT_TIMEOUT in place of DB_STATEMENT_TIMEOUT.
                ...pgPoolSettings({ ...poolTimeouts(config), statementTimeoutMs: config.searchStatementTimeoutMs }),
                application_name: 'prospecting-replica-read',
                ...(options.sessionOptions ? { options: options.sessionOptions } : {}),
              },
              registers: options.registry ? [options.registry] : [],
              notesOnly: options.notesOnly,
              warn: (message) => logger.warn(message),
            });
          },
        },
      ],
      exports: [ReplicaRouter],
    };
  }
}
