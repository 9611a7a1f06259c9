import { Inject, Injectable } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { RedisClient } from '../redis';
import { ShutdownState } from '../lifecycle/shutdown-state';
import { REDIS } from '../redis.module';
import { pingRedis } from './redis-ping';
import { unavailable } from './unavailable';

/** The longest a readiness check waits for one dependency: a probe never hangs on a dependency that stopped answering. */
export const DEPENDENCY_CHECK_TIMEOUT_MS = 2000;

/** Readiness of either deployable: PostgreSQL and Redis answer in time, and the process is not stopping. */
@Injectable()
export class DependencyHealth {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly shutdown: ShutdownState,
  ) {}

  /**
   * Resolves when ready; otherwise throws the status-only 503 naming what is down. `more`: further
   * checks by name (the worker's consumers), each answering whether it is fine.
   */
  async ready(more: Record<string, () => boolean> = {}): Promise<void> {
    if (this.shutdown.stopping) throw unavailable({ status: 'shutting_down' });
    try {
      await this.health.check([
        () => this.database.pingCheck('database').withTimeout(DEPENDENCY_CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('redis')
            .attempt(() => pingRedis(this.redis))
            .withTimeout(DEPENDENCY_CHECK_TIMEOUT_MS),
        ...Object.entries(more).map(
          ([name, fine]) =>
            () =>
              fine() ? this.indicators.check(name).up() : this.indicators.check(name).down(),
        ),
      ]);
    } catch (error) {
      throw unavailable((error as { response?: unknown }).response);
    }
  }
}
