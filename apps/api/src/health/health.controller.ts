import { Public, REDIS } from '@app/common';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { unavailable } from './unavailable';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Liveness and readiness: PostgreSQL and Redis answer', security: [] })
  @ApiOkResponse({
    description: 'both dependencies answer',
    schema: {
      type: 'object',
      properties: { success: { type: 'boolean' }, data: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } }, metadata: { type: 'object' } },
      example: { success: true, data: { status: 'ok' }, metadata: { timestamp: '2026-11-22T00:00:00.000Z' } },
    },
  })
  @ApiServiceUnavailableResponse({ description: 'PostgreSQL or Redis does not answer within 2 s (`UNAVAILABLE`)' })
  async check(): Promise<{ status: 'ok' }> {
    try {
      await this.health.check([
        () => this.database.pingCheck('database').withTimeout(2000),
        () => this.indicators.check('redis').attempt(async () => void (await this.redis.ping())).withTimeout(2000),
      ]);
      return { status: 'ok' };
    } catch (error) {
      throw unavailable((error as { response?: unknown }).response);
    }
  }
}
