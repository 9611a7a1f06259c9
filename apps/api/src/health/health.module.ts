import { HealthCoreModule } from '@app/common/health/health-core.module';
import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';

@Module({ imports: [HealthCoreModule], controllers: [HealthController] })
export class HealthModule {}
