import { Auth, AuthContext } from '@app/common';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { SearchPeopleDto } from './dto/search-people.dto';
import { PERSON_EXAMPLE } from './person.example';
import { PeopleSearchService } from './people-search.service';
import { BODY_LIMITS } from '../http/body-limits';
import { JsonBody } from '../http/json-body.interceptor';

@ApiTags('people')
@Controller('v2/people')
export class PeopleController {
  constructor(private readonly searches: PeopleSearchService) {}

  @JsonBody(BODY_LIMITS.peopleSearch)
  @Post('search')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Search people with the people search filter set',
    description:
      'Answers one page of people (`data`) with their primary position and its company, and `metadata.pagination` ' +
      '`{page, per_page, total_count, total_pages, total_is_estimate}`. Default order: followers descending; `sort_by` applies while fewer than ' +
      '500,000 people match. Emails are never shown here (saving reveals them). Uses 1 unit of the `search` rate limit.',
  })
  @ApiBody({
    type: SearchPeopleDto,
    examples: {
      sales_leaders: {
        summary: 'VP/Director sales leaders in US or German mid-size companies with a valid email',
        value: {
          filters: {
            person_job_title: { include: ['VP Sales', 'Head of Sales'] },
            person_seniority: { include: ['VP', 'Director'] },
            company_country: { include: ['US', 'DE'] },
            company_headcount_range: ['51-200', '201-500'],
            contact_details: { email: { status: ['valid'] } },
          },
          page: 1,
          per_page: 25,
        },
      },
      boolean_titles: {
        summary: 'boolean title search',
        value: {
          filters: { person_job_title: { boolean_search: '(\'Sales Manager\' OR "Account Executive") AND !Intern' } },
        },
      },
      one_per_company: {
        summary: 'at most one engineering lead per company, by headcount',
        value: {
          filters: {
            person_department: { include: ['Engineering Management'] },
            max_person_per_company: 1,
            sort_by: 'company_employee_count',
          },
        },
      },
      by_urls: {
        summary: 'people picked by their network URLs, in URL order',
        value: { filters: { person: { pro_network_url: ['https://pronet.example/in/jose-garcia-01'] } } },
      },
    },
  })
  @ApiOkResponse({
    schema: {
      example: {
        success: true,
        data: [PERSON_EXAMPLE],
        metadata: {
          timestamp: '2026-11-22T01:00:00.000Z',
          pagination: { page: 1, per_page: 25, total_count: 1, total_pages: 1, total_is_estimate: false },
        },
      },
    },
  })
  @ApiBadRequestResponse({
    description:
      'VALIDATION_ERROR with `payload.field` (dotted path such as `filters.person_job_title.include[3]`) and `payload.code`: `unknown_field`, ' +
      '`invalid_value` (wrong type, unknown enum value, unresolvable list or location), `invalid_format` (ids, domains, dates, boolean syntax with ' +
      '`payload.position`), `out_of_range` (sizes, lengths, numbers, max below min, paging), `conflicting_fields`',
  })
  @ApiTooManyRequestsResponse({
    description: 'over the `search` rate limit (only where enforced); wait `Retry-After` seconds',
  })
  @ApiServiceUnavailableResponse({
    description: 'SEARCH_TIMEOUT: the search ran past SEARCH_STATEMENT_TIMEOUT; narrow the filters',
  })
  search(@Auth() auth: AuthContext, @Body() body: SearchPeopleDto) {
    return this.searches.find(auth, body);
  }
}
