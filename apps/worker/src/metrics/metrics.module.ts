import { HealthCoreModule } from '@app/common/health/health-core.module';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MetricsServerService } from './metrics-server.service';
import { WorkerReadiness } from './worker-readiness.service';

/** The worker's `/metrics` endpoint and its probes. */
@Module({ imports: [DiscoveryModule, HealthCoreModule], providers: [MetricsServerService, WorkerReadiness] })
export class MetricsModule {}
