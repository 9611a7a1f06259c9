import { Auth, AuthContext } from '@app/common';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CreditsPreviewService } from './credits-preview.service';
import { CalculateCreditsDto } from './dto/calculate-credits.dto';
import { SavePeopleDto } from './dto/save-people.dto';
import { PeopleSaveService } from './people-save.service';
import { BODY_LIMITS } from '../../http/body-limits';
import { JsonBody } from '../../http/json-body.interceptor';
import { Idempotent } from '../../http/idempotency.interceptor';

const BAD_REQUEST =
  'VALIDATION_ERROR with `payload.field` and `payload.code`: `conflicting_fields` (neither or both of `data` and `filters`; `limit` or `exclude_ids` with `data`), ' +
  '`out_of_range` (0 or more than 25,000 items, more than 50 URL items, `limit` outside its range), `invalid_format` (`exclude_ids`), and every filter mistake of POST /v2/people/search';

const EXAMPLE_ID = '5e0000000000000000000001';

@ApiTags('people')
@Controller('v2/people')
export class PeopleSavesController {
  constructor(
    private readonly previews: CreditsPreviewService,
    private readonly saves: PeopleSaveService,
  ) {}

  @JsonBody(BODY_LIMITS.peopleSelection)
  @Post('calculate-credits')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Preview what saving people would take and cost, spending nothing',
    description:
      'Counts the people a save of the same body would take into `emails` buckets (edited › already_owned › to_charge › without_email) and answers ' +
      '`credits_needed` (one per stored valid email the workspace does not own yet) against the balance. Spends and reserves nothing; a zero balance answers ' +
      '200 with `enough_credits` false. Uses the `search` rate limit: 1 unit per started 500 `data` items; 1 for `filters` (0 when they reach saved people only).',
  })
  @ApiBody({
    type: CalculateCreditsDto,
    examples: {
      by_ids: {
        summary: 'people by id and by network URL',
        value: { data: [EXAMPLE_ID, { pro_network_url: 'https://pronet.example/in/ana-souza' }] },
      },
      by_filters: {
        summary: 'the first 500 VPs with a valid email',
        value: {
          filters: { person_seniority: { include: ['VP'] }, contact_details: { email: { status: ['valid'] } } },
          limit: 500,
        },
      },
      whole_list: {
        summary: 'a whole people list (up to 1,000,000)',
        value: { filters: { lists: { include: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'] } } },
      },
    },
  })
  @ApiOkResponse({
    schema: {
      example: {
        success: true,
        data: {
          requested: 10,
          savable: 7,
          not_matched: 1,
          invalid: 1,
          emails: { to_charge: 4, already_owned: 0, without_email: 3, edited: 0 },
          credits_needed: 4,
          credits_available: 100,
          enough_credits: true,
          truncated: false,
        },
        metadata: { timestamp: '2026-11-23T03:00:00.000Z' },
      },
    },
  })
  @ApiBadRequestResponse({ description: BAD_REQUEST })
  @ApiTooManyRequestsResponse({
    description: 'over the `search` rate limit (only where enforced); wait `Retry-After` seconds',
  })
  @ApiServiceUnavailableResponse({
    description: 'SEARCH_TIMEOUT: the filters selection ran past SEARCH_STATEMENT_TIMEOUT',
  })
  calculateCredits(@Auth() auth: AuthContext, @Body() body: CalculateCreditsDto) {
    return this.previews.preview(auth, body);
  }

  @JsonBody(BODY_LIMITS.peopleSelection)
  @Idempotent()
  @Post('save')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save people, charging one credit per email revealed',
    description:
      'Takes the body of the preview plus `list_ids`. Saves every person taken (a person saved before keeps the first `saved_at`), adds them to the lists, ' +
      'and charges one credit per `to_charge` person in the same transaction, revealing that email; when the balance runs out the rest are saved unrevealed, ' +
      "and a later save charges and reveals them. An identical retry charges nothing. Answers the company save's buckets (each item with its `index` in `data`) " +
      'plus `metadata.credits` `{charged, balance}`. Writes `person.saved` and `person.email_found` events. Rate use as the preview. See docs/people-saves.md.',
  })
  @ApiBody({
    type: SavePeopleDto,
    examples: {
      by_ids: {
        summary: 'two people into a list',
        value: {
          data: [EXAMPLE_ID, { pro_network_url: 'https://pronet.example/in/ana-souza' }],
          list_ids: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
        },
      },
    },
  })
  @ApiOkResponse({
    schema: {
      example: {
        success: true,
        data: {
          saved: [
            {
              index: 0,
              identifier: EXAMPLE_ID,
              id: EXAMPLE_ID,
              matched_by: 'id',
              list_ids: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
              all_list_ids: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
              saved_at: '2026-11-23T03:00:00.000Z',
              email: { bucket: 'to_charge', charged: true, address: 'jose.garcia@acme.example' },
            },
          ],
          not_matched: [
            { index: 1, identifier: 'https://pronet.example/in/ana-souza', attempted: ['pro_network_url'] },
          ],
          invalid: [],
          failed: [],
        },
        metadata: {
          timestamp: '2026-11-23T03:00:00.000Z',
          total: 2,
          saved_count: 1,
          not_matched_count: 1,
          invalid_count: 0,
          failed_count: 0,
          emails: { edited: 0, already_owned: 0, to_charge: 1, without_email: 0 },
          truncated: false,
          credits: { charged: 1, balance: 99 },
        },
      },
    },
  })
  @ApiBadRequestResponse({
    description: `${BAD_REQUEST}; \`invalid_value\` on \`list_ids\` for anything that is not a live people list of the workspace`,
  })
  @ApiTooManyRequestsResponse({
    description: 'over the `search` rate limit (only where enforced); nothing is saved or charged',
  })
  save(@Auth() auth: AuthContext, @Body() body: SavePeopleDto, @Req() request: { id?: unknown }) {
    return this.saves.save(auth, body, typeof request.id === 'string' ? request.id : null);
  }
}
