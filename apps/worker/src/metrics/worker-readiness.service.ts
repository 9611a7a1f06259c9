import { DependencyHealth } from '@app/common/health/dependency-health';
import { WorkerHost } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { consumerCheckName, consumerRunning } from './consumer-state';

/** The worker's readiness: PostgreSQL and Redis answer, it is not stopping, and every BullMQ consumer runs. */
@Injectable()
export class WorkerReadiness {
  constructor(
    private readonly dependencies: DependencyHealth,
    private readonly discovery: DiscoveryService,
  ) {}

  /**
   * Answers the queues whose consumers were checked when ready; otherwise throws the status-only 503
   * naming what is down (e.g. `consumer:webhook-delivery`).
   */
  async ready(): Promise<string[]> {
    const consumers = this.consumerHosts().map((host) => host.worker);
    const checks: Record<string, () => boolean> = {};
    for (const consumer of consumers) checks[consumerCheckName(consumer)] = () => consumerRunning(consumer);
    await this.dependencies.ready(checks);
    return consumers.map((consumer) => consumer.name).sort();
  }

  /** Every processor of the app (@Processor classes extend WorkerHost, whose `worker` is its BullMQ Worker). */
  private consumerHosts(): WorkerHost[] {
    return this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
  }
}
