import { Auth, AuthContext, isUuid, malformedIdError } from '@app/common';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { GenericJob } from './job-progress';
import { JobsService } from './jobs.service';

const EXAMPLE: GenericJob = {
  id: '0b6f9c4e-5d1a-4c3e-9f1b-2a7d8e6c5b4a',
  type: 'email_verification',
  status: 'running',
  created_at: '2026-11-22T10:00:00.000Z',
  started_at: '2026-11-22T10:00:00.120Z',
  completed_at: null,
  progress: { processed: 1500, total: 4000, percent: 37 },
};

@ApiTags('jobs')
@Controller('v2/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get(':id')
  @ApiOperation({
    summary: 'Read any job (email verification, people export) in the generic shape',
    description:
      'Free. While the job is `queued` or `running` the answer carries a `Retry-After` header (seconds to wait before polling again).',
  })
  @ApiParam({ name: 'id', description: 'job id (UUID)', example: EXAMPLE.id })
  @ApiOkResponse({
    description: 'the job',
    headers: {
      'Retry-After': {
        description: 'seconds to wait before polling again; only while the job is queued or running',
        schema: { type: 'integer', example: 2 },
      },
    },
    schema: { example: { success: true, data: EXAMPLE, metadata: { timestamp: '2026-11-22T10:00:02.000Z' } } },
  })
  async get(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GenericJob> {
    if (!isUuid(id)) throw malformedIdError('id', 'id must be a job id (UUID)');
    const { job, retryAfter } = await this.jobs.get(auth.workspaceId, id);
    if (retryAfter !== null) res.setHeader('Retry-After', String(retryAfter));
    return job;
  }
}
