import { Module } from '@nestjs/common';
import { MetricsServerService } from './metrics-server.service';

/** The worker's `/metrics` endpoint. */
@Module({ providers: [MetricsServerService] })
export class MetricsModule {}
