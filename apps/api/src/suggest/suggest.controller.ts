import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  SUGGEST_ANSWER_EXAMPLE,
  SUGGEST_COMPANY_ANSWER_EXAMPLE,
  SUGGEST_EXAMPLES,
  SuggestDto,
} from './dto/suggest.dto';
import { SuggestService } from './suggest.service';
import { BODY_LIMITS } from '../http/body-limits';
import { JsonBody } from '../http/json-body.interceptor';

@ApiTags('search')
@Controller('v2/search')
export class SuggestController {
  constructor(private readonly suggestions: SuggestService) {}

  @JsonBody(BODY_LIMITS.suggest)
  @Post('suggest')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Suggest filter values as the user types',
    description:
      '`data` is an array of `{value, count}`, best first; `value` is exactly a string the filter of `type` accepts. A value matches when it or ' +
      'one of its words starts with `query` (case-insensitive, diacritics significant). Order: the value equal to the query, then values ' +
      'starting with it, then values with a later word starting with it; inside each, `count` descending, then value. `count`: ' +
      'company_keywords = companies with the specialty; person_job_title = people whose primary position has exactly that title; ' +
      'person_location = people there (a region: people in its countries); company_industry = companies in the industry (a group: in any of ' +
      'its industries); company_name = the employee headcount (0 when unknown), and each item also carries the company `id` and `website` ' +
      '(companies sharing a name are separate items). Values are recomputed after every dataset load. Free; not rate limited.',
  })
  @ApiBody({ type: SuggestDto, examples: SUGGEST_EXAMPLES })
  @ApiOkResponse({
    description: 'the best values, best first (company_name items also carry `id` and `website`)',
    schema: {
      type: 'object',
      properties: {
        success: { type: 'boolean', example: true },
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['value', 'count'],
            properties: {
              value: { type: 'string' },
              count: { type: 'integer' },
              id: { type: 'string', description: 'company_name only' },
              website: { type: 'string', nullable: true, description: 'company_name only' },
            },
          },
        },
        metadata: { type: 'object', properties: { timestamp: { type: 'string', format: 'date-time' } } },
      },
    },
    examples: {
      job_titles: { summary: 'person_job_title "sales"', value: SUGGEST_ANSWER_EXAMPLE },
      company_names: { summary: 'company_name "glob"', value: SUGGEST_COMPANY_ANSWER_EXAMPLE },
    },
  })
  @ApiBadRequestResponse({
    description:
      'VALIDATION_ERROR with `payload.field` and `payload.code`: `unknown_field` (with `allowed_fields`), `invalid_value` (`type` not one of the ' +
      'five, `query` not a string, `limit` not an integer), `out_of_range` (`query` empty or over 100 characters after trimming, `limit` outside 1-50)',
  })
  suggest(@Body() body: SuggestDto) {
    return this.suggestions.suggest(body);
  }
}
