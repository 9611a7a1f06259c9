import { Public } from '@app/common';
import { DependencyHealth } from '@app/common/health/dependency-health';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';

const OK_ANSWER = {
  schema: {
    type: 'object',
    properties: { success: { type: 'boolean' }, data: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } }, metadata: { type: 'object' } },
    example: { success: true, data: { status: 'ok' }, metadata: { timestamp: '2026-11-22T00:00:00.000Z' } },
  },
};
const NOT_READY = {
  description:
    '`UNAVAILABLE`: PostgreSQL or Redis does not answer within 2 s (`payload = {"status":"error","down":["redis"]}`), ' +
    'or the process is stopping (`{"status":"shutting_down","down":[]}`)',
};

/** Probes for orchestrators and load balancers (docs/operations.md "Probes"); no key, status only. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly dependencies: DependencyHealth) {}

  @Get('live')
  @Public()
  @ApiOperation({
    summary: 'Liveness: the process answers (no dependency check; a PostgreSQL or Redis outage is not a reason to restart it)',
    security: [],
  })
  @ApiOkResponse({ description: 'the event loop turns', ...OK_ANSWER })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @ApiOperation({ summary: 'Readiness: PostgreSQL and Redis answer within 2 s each and the process is not stopping', security: [] })
  @ApiOkResponse({ description: 'ready for traffic', ...OK_ANSWER })
  @ApiServiceUnavailableResponse(NOT_READY)
  ready(): Promise<{ status: 'ok' }> {
    return this.check();
  }

  @Get()
  @Public()
  @ApiOperation({ summary: 'Readiness under its former path (same as /health/ready)', security: [] })
  @ApiOkResponse({ description: 'ready for traffic', ...OK_ANSWER })
  @ApiServiceUnavailableResponse(NOT_READY)
  check(): Promise<{ status: 'ok' }> {
    return this.dependencies.ready().then(() => ({ status: 'ok' }));
  }
}
