import { Public } from '@app/common';
import { DependencyHealth } from '@app/common/health/dependency-health';
import { ReplicaRouter, ReplicaStatus } from '@app/database';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';

const OK_ANSWER = {
  schema: {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      data: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['ok'] },
          replicas: {
            type: 'array',
            description:
              'Only with DATABASE_REPLICA_URLS (docs/replicas.md): each replica and why it takes no reads; a warning, never a 503',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                up: { type: 'boolean' },
                lag_ms: { type: 'integer', nullable: true },
                refused: { type: 'string', nullable: true },
              },
            },
          },
        },
      },
      metadata: { type: 'object' },
    },
    example: { success: true, data: { status: 'ok' }, metadata: { timestamp: '2026-11-22T00:00:00.000Z' } },
  },
};
const NOT_READY = {
  description:
    '`UNAVAILABLE`: PostgreSQL or Redis does not answer within 2 s (`payload = {"status":"error","down":["redis"]}`), ' +
    'or the process is stopping (`{"status":"shutting_down","down":[]}`)',
};

type ReadyAnswer = { status: 'ok'; replicas?: Array<Omit<ReplicaStatus, 'where'>> };

/** Probes for orchestrators and load balancers (docs/operations.md "Probes"); no key, status only. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dependencies: DependencyHealth,
    private readonly replicas: ReplicaRouter,
  ) {}

  @Get('live')
  @Public()
  @ApiOperation({
    summary:
      'Liveness: the process answers (no dependency check; a PostgreSQL or Redis outage is not a reason to restart it)',
    security: [],
  })
  @ApiOkResponse({ description: 'the event loop turns', ...OK_ANSWER })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @ApiOperation({
    summary: 'Readiness: PostgreSQL and Redis answer within 2 s each and the process is not stopping',
    security: [],
  })
  @ApiOkResponse({ description: 'ready for traffic', ...OK_ANSWER })
  @ApiServiceUnavailableResponse(NOT_READY)
  ready(): Promise<ReadyAnswer> {
    return this.check();
  }

  @Get()
  @Public()
  @ApiOperation({ summary: 'Readiness under its former path (same as /health/ready)', security: [] })
  @ApiOkResponse({ description: 'ready for traffic', ...OK_ANSWER })
  @ApiServiceUnavailableResponse(NOT_READY)
  check(): Promise<ReadyAnswer> {
    // Replicas are a warning only: their reads go to the primary while they are away (docs/replicas.md).
    return this.dependencies.ready().then(() => {
      if (!this.replicas.enabled) return { status: 'ok' };
      return {
        status: 'ok',
        replicas: this.replicas.status().map((r) => ({ name: r.name, up: r.up, lag_ms: r.lag_ms, refused: r.refused })),
      };
    });
  }
}
