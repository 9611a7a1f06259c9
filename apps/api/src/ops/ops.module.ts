import { Module } from '@nestjs/common';
import { OpsQueues } from './ops-queues';

/** The operators' view: its routes are plain Express handlers mounted by `mountOps` (outside /v2 and the OpenAPI document). */
@Module({ providers: [OpsQueues], exports: [OpsQueues] })
export class OpsModule {}
