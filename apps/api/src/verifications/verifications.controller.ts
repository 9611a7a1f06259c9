import { ApiListResponse, Auth, AuthContext, isUuid, malformedIdError, pageRequest, WithMetadata } from '@app/common';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { retryAfterSeconds } from '../jobs/job-progress';
import { CreateEmailVerificationDto } from './dto/create-email-verification.dto';
import { ListJobsQueryDto, ResultsPageQueryDto } from './dto/verification-query.dto';
import { VerificationJob } from './verification-job.presenter';
import { VerificationsService } from './verifications.service';
import { BODY_LIMITS } from '../http/body-limits';
import { JsonBody } from '../http/json-body.interceptor';
import { Idempotent } from '../http/idempotency.interceptor';

const JOB_EXAMPLE: VerificationJob = {
  id: '0b6f9c4e-5d1a-4c3e-9f1b-2a7d8e6c5b4a',
  type: 'email_verification',
  status: 'completed',
  total: 3,
  processed: 3,
  counts: { valid: 1, invalid: 1, accept_all: 0, unknown: 1 },
  created_at: '2026-11-22T10:00:00.000Z',
  started_at: '2026-11-22T10:00:00.120Z',
  completed_at: '2026-11-22T10:00:00.480Z',
  failure_reason: null,
  results_expired_at: null,
};
const RESULTS_EXAMPLE = [
  { email: 'ada.lovelace@example.com', status: 'valid' },
  { email: 'grace.hopper@example.org', status: 'unknown' },
  { email: 'not-an-address', status: 'invalid' },
];
const PAGE_EXAMPLE = { page: 1, per_page: 1000, total_count: 3, total_pages: 1 };
const RETRY_AFTER = {
  'Retry-After': {
    description: 'seconds to wait before polling again; only while the job is queued or running',
    schema: { type: 'integer', example: 2 },
  },
};
const envelope = (data: unknown, metadata: Record<string, unknown> = {}) => ({
  success: true,
  data,
  metadata: { timestamp: '2026-11-22T10:00:01.000Z', ...metadata },
});

@ApiTags('email verifications')
@Controller('v2/email-verifications')
export class VerificationsController {
  constructor(private readonly verifications: VerificationsService) {}

  @JsonBody(BODY_LIMITS.emailVerifications)
  @Idempotent()
  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Start a bulk email verification job',
    description:
      'Free. Addresses are trimmed and lower-cased (local part included) and de-duplicated; `total` counts distinct addresses. ' +
      'The worker verifies syntax, then, **only for an address the workspace owns** (an email a people save revealed to it, matched without case, judged when the job runs), ' +
      'the status the service database stores for it, then whether the domain accepts mail (MX). ' +
      "Any other address (another workspace's reveal, an edited email, a stored address never revealed to this workspace) gets only the independent checks: " +
      '`invalid` for bad syntax or a domain without mail, otherwise `unknown` (also `unknown` whenever the domain check is off). See docs/email-verification.md. ' +
      'Poll GET /v2/email-verifications/{id} (the `Location` header) until `completed` or `failed`, waiting the `Retry-After` seconds between reads. ' +
      "At most VERIFICATION_ADDRESSES_PER_DAY (100,000) distinct addresses per workspace in any rolling 24 hours, counted as the jobs' `total`. " +
      'Results are kept for VERIFICATION_RETENTION (30 days) after the job ends.',
  })
  @ApiBody({
    type: CreateEmailVerificationDto,
    examples: {
      three: { value: { emails: ['ada.lovelace@example.com', 'Grace.Hopper@Example.org', 'not-an-address'] } },
    },
  })
  @ApiAcceptedResponse({
    description: 'the job, queued',
    headers: {
      ...RETRY_AFTER,
      Location: {
        description: 'where to read the job',
        schema: { type: 'string', example: `/v2/email-verifications/${JOB_EXAMPLE.id}` },
      },
    },
    schema: {
      example: envelope(
        {
          ...JOB_EXAMPLE,
          status: 'queued',
          processed: 0,
          counts: { valid: 0, invalid: 0, accept_all: 0, unknown: 0 },
          started_at: null,
          completed_at: null,
        },
        { received: 4, duplicates: 1 },
      ),
    },
  })
  @ApiTooManyRequestsResponse({
    description:
      "RATE_LIMIT: this job's addresses would take the workspace past VERIFICATION_ADDRESSES_PER_DAY in the last 24 hours; `Retry-After` is the whole seconds until enough of the earlier jobs leave the window " +
      '(`payload`: `limit` "verification_addresses", `quota`, `used`, `requested`, `window_seconds`, `retry_after`). Nothing is created.',
    headers: {
      'Retry-After': {
        description: 'seconds until this many addresses fit in the quota again',
        schema: { type: 'integer', example: 3600 },
      },
    },
  })
  async create(
    @Auth() auth: AuthContext,
    @Body() body: CreateEmailVerificationDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WithMetadata<VerificationJob>> {
    const answer = await this.verifications.create(auth, body.emails);
    res.setHeader('Location', `/v2/email-verifications/${answer.data.id}`);
    res.setHeader('Retry-After', String(retryAfterSeconds(answer.data) ?? 1));
    return answer;
  }

  @Get()
  @ApiOperation({ summary: "List the workspace's email verification jobs, newest first (without results)" })
  @ApiListResponse(JOB_EXAMPLE)
  list(@Auth() auth: AuthContext, @Query() query: ListJobsQueryDto): Promise<WithMetadata<VerificationJob[]>> {
    return this.verifications.list(auth.workspaceId, pageRequest(query));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read one email verification job with its results',
    description:
      'Free. `results` lists verified addresses in input order, 1,000 per page (`?page=`); `metadata.pagination` (`{page, per_page, total_count, total_pages}`, as every list) counts the verified ones. ' +
      'VERIFICATION_RETENTION (30 days) after the job ended maintenance deletes its results and sets `results_expired_at`: the job keeps its status and `counts`, `results` is then empty (`total_count` 0). ' +
      'While the job is `queued` or `running` the answer carries a `Retry-After` header: seconds to wait before polling again.',
  })
  @ApiParam({
    name: 'id',
    description: 'job id (UUID) returned by POST /v2/email-verifications',
    example: JOB_EXAMPLE.id,
  })
  @ApiOkResponse({
    description: 'the job and a page of results',
    headers: RETRY_AFTER,
    schema: { example: envelope({ ...JOB_EXAMPLE, results: RESULTS_EXAMPLE }, { pagination: PAGE_EXAMPLE }) },
  })
  async get(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Query() query: ResultsPageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WithMetadata<VerificationJob>> {
    if (!isUuid(id)) throw malformedIdError('id', 'id must be a job id (UUID)');
    const answer = await this.verifications.get(auth.workspaceId, id, query.page ?? 1);
    const wait = retryAfterSeconds(answer.data);
    if (wait !== null) res.setHeader('Retry-After', String(wait));
    return answer;
  }
}
