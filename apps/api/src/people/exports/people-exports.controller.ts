import { Auth, AuthContext, isUuid, malformedIdError } from '@app/common';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { retryAfterSeconds } from '../../jobs/job-progress';
import { CreatePeopleExportDto } from './dto/create-people-export.dto';
import { downloadPath, PeopleExport } from './people-export.presenter';
import { PeopleExportsService } from './people-exports.service';
import { BODY_LIMITS } from '../../http/body-limits';
import { JsonBody } from '../../http/json-body.interceptor';
import { Idempotent } from '../../http/idempotency.interceptor';

const EXAMPLE_ID = '3f2b7c1e-8a4d-4e6f-9b0c-1d2e3f4a5b6c';
const EXAMPLE: PeopleExport = {
  id: EXAMPLE_ID,
  type: 'people_export',
  status: 'completed',
  total: 2,
  skipped: 0,
  processed: 2,
  progress: { processed: 2, total: 2, percent: 100 },
  created_at: '2026-11-22T10:00:00.000Z',
  started_at: '2026-11-22T10:00:00.120Z',
  completed_at: '2026-11-22T10:00:00.480Z',
  failure_reason: null,
  download_url: downloadPath(EXAMPLE_ID),
  expired_at: null,
};
const RETRY_AFTER = {
  'Retry-After': {
    description: 'seconds to wait before polling again; only while the export is queued or running',
    schema: { type: 'integer', example: 2 },
  },
};
const envelope = (data: unknown) => ({ success: true, data, metadata: { timestamp: '2026-11-22T10:00:01.000Z' } });
const BAD_REQUEST =
  'VALIDATION_ERROR with `payload.field` and `payload.code`: `conflicting_fields` (neither or both of `ids` and `filters`; `limit` or `exclude_ids` with `ids`), ' +
  '`out_of_range` (0 or more than 25,000 ids, `limit` outside 1-25,000), `invalid_format` (`ids[i]`, `exclude_ids[i]`), `invalid_value` (`filters.lists.saved` = `none`), ' +
  '`unknown_field`, and every filter mistake of POST /v2/people/search';
const ID_PARAM = {
  name: 'id',
  description: 'export id (UUID) returned by POST /v2/people/export',
  example: EXAMPLE_ID,
};

@ApiTags('people')
@Controller('v2/people')
export class PeopleExportsController {
  constructor(private readonly exports: PeopleExportsService) {}

  @JsonBody(BODY_LIMITS.peopleSelection)
  @Idempotent()
  @Post('export')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Export saved people to CSV as a job',
    description:
      'Free. Takes saved people by `ids` or by `filters` (a people search over saved people), resolved now and stored in order; the worker writes the CSV. ' +
      'Ids the workspace has not saved are skipped (`skipped`). Poll GET /v2/people/exports/{id} or GET /v2/jobs/{id} until `completed`, then fetch `download_url`. ' +
      'Exported people are recorded for the `duplicates.exclude_exported` search filter when the export completes. ' +
      'At most EXPORTS_PER_DAY (50) exports per workspace in any rolling 24 hours, else 429 `RATE_LIMIT` with `Retry-After` and nothing is created. ' +
      'The file is kept for EXPORT_RETENTION (7 days) after completion. See docs/people-export.md.',
  })
  @ApiBody({
    type: CreatePeopleExportDto,
    examples: {
      by_ids: { summary: 'two saved people', value: { ids: ['5e0000000000000000000001', '5e0000000000000000000018'] } },
      by_filters: {
        summary: 'the first 500 saved VPs',
        value: { filters: { person_seniority: { include: ['VP'] } }, limit: 500 },
      },
    },
  })
  @ApiAcceptedResponse({
    description: 'the export, queued',
    headers: {
      ...RETRY_AFTER,
      Location: {
        description: 'where to read the export',
        schema: { type: 'string', example: `/v2/people/exports/${EXAMPLE_ID}` },
      },
    },
    schema: {
      example: envelope({
        ...EXAMPLE,
        status: 'queued',
        skipped: 1,
        processed: 0,
        progress: { processed: 0, total: 2, percent: 0 },
        started_at: null,
        completed_at: null,
        download_url: null,
      }),
    },
  })
  @ApiBadRequestResponse({ description: BAD_REQUEST })
  @ApiTooManyRequestsResponse({
    description:
      'RATE_LIMIT: the workspace asked for EXPORTS_PER_DAY exports in the last 24 hours; `Retry-After` is the whole seconds until the oldest of them leaves the window (`payload`: `limit` "exports", `quota`, `used`, `requested`, `window_seconds`, `retry_after`). Nothing is created.',
    headers: {
      'Retry-After': {
        description: 'seconds until an export fits in the quota again',
        schema: { type: 'integer', example: 3600 },
      },
    },
  })
  @ApiServiceUnavailableResponse({
    description: 'SEARCH_TIMEOUT: the filters selection ran past SEARCH_STATEMENT_TIMEOUT',
  })
  async create(
    @Auth() auth: AuthContext,
    @Body() body: CreatePeopleExportDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PeopleExport> {
    const answer = await this.exports.create(auth, body);
    res.setHeader('Location', `/v2/people/exports/${answer.id}`);
    res.setHeader('Retry-After', String(retryAfterSeconds(answer) ?? 1));
    return answer;
  }

  @Get('exports/:id')
  @ApiOperation({
    summary: 'Read one people export',
    description:
      'Free. `download_url` is set once `completed`, until the file expires: EXPORT_RETENTION (7 days) after completion maintenance deletes the file and the stored person ids, ' +
      'sets `expired_at` and clears `download_url`; the record stays readable with its status and counts. While the export is `queued` or `running` the answer carries a `Retry-After` header.',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ description: 'the export', headers: RETRY_AFTER, schema: { example: envelope(EXAMPLE) } })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no export of this workspace has this id' })
  async get(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PeopleExport> {
    if (!isUuid(id)) throw malformedIdError('id', 'id must be an export id (UUID)');
    const answer = await this.exports.get(auth.workspaceId, id);
    const wait = retryAfterSeconds(answer);
    if (wait !== null) res.setHeader('Retry-After', String(wait));
    return answer;
  }

  @Get('exports/:id/download')
  @ApiOperation({
    summary: "Download a completed people export's CSV",
    description:
      'Free. RFC 4180 CSV (UTF-8, CRLF, header row; columns in docs/people-export.md). Before the export completes: 409 NOT_READY with `Retry-After`. ' +
      'Once the file expired (EXPORT_RETENTION after completion): 410 GONE.',
  })
  @ApiParam(ID_PARAM)
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'the CSV file',
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="people-export-<id>.csv"',
        schema: { type: 'string' },
      },
    },
    content: { 'text/csv': { schema: { type: 'string', example: 'id,first_name,last_name,full_name,email,…\r\n' } } },
  })
  @ApiConflictResponse({
    description:
      'NOT_READY: the export is queued or running (`Retry-After` tells when to try again) or failed (no `Retry-After`)',
    headers: RETRY_AFTER,
  })
  @ApiGoneResponse({
    description:
      'GONE: the export completed, but maintenance deleted its file after EXPORT_RETENTION (`payload.expired_at`); ask for a new export',
  })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no export of this workspace has this id' })
  async download(@Auth() auth: AuthContext, @Param('id') id: string, @Res() res: Response): Promise<void> {
    if (!isUuid(id)) throw malformedIdError('id', 'id must be an export id (UUID)');
    const file = await this.exports.download(auth.workspaceId, id);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.status(200).send(file.csv);
  }
}
