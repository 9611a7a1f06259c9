import { Auth, AuthContext } from '@app/common';
import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CompaniesEditService } from './companies-edit.service';
import { CompaniesSaveService } from './companies-save.service';
import { CompanyRecordsService } from './company-records.service';
import { SAVE_COMPANIES_ANSWER_EXAMPLE, SAVE_COMPANIES_EXAMPLE, SaveCompaniesDto } from './dto/save-companies.dto';
import { UpdateCompanyDto } from './dto/update-company.dto';

const COMPANY_EXAMPLE = {
  id: '5c0000000000000000000001',
  name: 'Globex',
  description: 'Globex builds enterprise software.',
  logo: 'https://logos.example/globex.png',
  website: 'globex.com',
  email: { domain: 'globex.com', provider: null },
  pro_network_url: 'https://pronet.example/company/globex',
  social_networks: {
    pro_network_url: 'https://pronet.example/company/globex',
    social_a_url: 'https://social-a.example/globex',
    social_b_url: null,
    social_c_url: null,
    video_a_url: null,
    video_b_url: null,
    directory_url: null,
    code_host_url: 'https://code.example/globex',
    pinboard_url: null,
  },
  industry: 'Software Development',
  keywords: ['enterprise software', 'sales automation'],
  naics_codes: [511210],
  type: 'Public Company',
  business_type: 'B2B',
  revenue_stream: 'Subscriptions / Recurring',
  founded: 1989,
  employee_count: 4200,
  employee_range: '1001-5000',
  location: { city: 'New York', state: 'New York', state_code: 'NY', country: 'United States', country_code: 'US', raw_address: '1 Globex Plaza, New York, NY 10001' },
  other_locations: [{ city: 'Berlin', state: 'Berlin', state_code: 'BE', country: 'Germany', country_code: 'DE', raw_address: null }],
  technologies: [
    { id: 'tech_salesforce', name: 'Salesforce', icon_url: null, website: 'salesforce.com', categories: [{ id: 'cat_crm', name: 'CRM' }] },
  ],
  technologies_checked_at: '2026-11-17T12:00:00.000Z',
  saved: { id: null, saved_at: '2026-11-20T10:00:00.000Z', list_ids: ['lst_01JD3V7R8W9X0Y1Z2A3B4C5D6E'], edits: { name: 'Globex Corp' } },
};

@ApiTags('companies')
@Controller('v2/companies')
export class CompaniesController {
  constructor(
    private readonly records: CompanyRecordsService,
    private readonly saves: CompaniesSaveService,
    private readonly edits: CompaniesEditService,
  ) {}

  @Get(':id')
  @ApiOperation({
    summary: 'Get one company',
    description:
      'The full Company record with `technologies` (most prominent category first) and `technologies_checked_at`. `saved` is null while the ' +
      "workspace never saved the company; the workspace's name edit replaces `name` and shows in `saved.edits.name`. Free.",
  })
  @ApiParam({ name: 'id', description: 'company id: 24 lowercase hexadecimal characters', example: '5c0000000000000000000001' })
  @ApiOkResponse({ schema: { example: { success: true, data: COMPANY_EXAMPLE, metadata: { timestamp: '2026-11-22T01:00:00.000Z' } } } })
  @ApiBadRequestResponse({ description: 'malformed id: VALIDATION_ERROR without payload.code' })
  @ApiNotFoundResponse({ description: 'no such company (NOT_FOUND)' })
  get(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.records.get(auth.workspaceId, id);
  }

  @Post('save')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save companies into the workspace, optionally into company lists',
    description:
      'Free. Every item lands in exactly one of `saved`, `not_matched`, `invalid`, `failed`; a storage failure of one item puts it under `failed` ' +
      '(retry those) and the rest still save. Re-saving keeps the first `saved_at`. Uses 1 unit of the `enrich` rate limit per item without an id.',
  })
  @ApiBody({ type: SaveCompaniesDto, examples: { mixed: { value: SAVE_COMPANIES_EXAMPLE } } })
  @ApiOkResponse({ schema: { example: SAVE_COMPANIES_ANSWER_EXAMPLE } })
  @ApiBadRequestResponse({
    description:
      'malformed body, unknown key (`unknown_field` + `allowed_fields`), 0 or over 500 items or over 50 without an id (`out_of_range`), ' +
      'an item with two lookup keys (`conflicting_fields`), a `list_ids` entry that is not a live company list of the workspace (`invalid_value`)',
  })
  @ApiTooManyRequestsResponse({ description: 'over the `enrich` rate limit (only where enforced); wait `Retry-After` seconds' })
  save(@Auth() auth: AuthContext, @Body() body: SaveCompaniesDto) {
    return this.saves.save(auth, body);
  }

  @Patch(':id')
  @ApiOperation({ summary: "Set (string) or remove (null) the workspace's own name of a company it saved; answers the company record" })
  @ApiParam({ name: 'id', example: '5c0000000000000000000001' })
  @ApiBody({ type: UpdateCompanyDto, examples: { rename: { value: { name: 'Globex Corporation' } }, reset: { value: { name: null } } } })
  @ApiOkResponse({
    schema: {
      example: {
        success: true,
        data: { ...COMPANY_EXAMPLE, name: 'Globex Corporation', saved: { ...COMPANY_EXAMPLE.saved, edits: { name: 'Globex Corporation' } } },
        metadata: { timestamp: '2026-11-22T00:51:00.000Z' },
      },
    },
  })
  @ApiBadRequestResponse({ description: 'malformed id (no `payload.code`), `name` missing, blank or not a string' })
  @ApiNotFoundResponse({ description: 'the workspace has not saved this company' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateCompanyDto) {
    return this.edits.setName(auth, id, body.name);
  }
}
