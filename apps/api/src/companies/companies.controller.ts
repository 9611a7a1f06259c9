import { Auth, AuthContext } from '@app/common';
import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CompaniesEditService } from './companies-edit.service';
import { CompaniesSaveService } from './companies-save.service';
import { CompanyRecordsService } from './company-records.service';
import { SAVE_COMPANIES_ANSWER_EXAMPLE, SAVE_COMPANIES_EXAMPLE, SaveCompaniesDto } from './dto/save-companies.dto';
import { UpdateCompanyDto } from './dto/update-company.dto';
import { COMPANY_EXAMPLE } from './company.example';
import { BODY_LIMITS } from '../http/body-limits';
import { JsonBody } from '../http/json-body.interceptor';
import { Idempotent } from '../http/idempotency.interceptor';

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
  @ApiParam({
    name: 'id',
    description: 'company id: 24 lowercase hexadecimal characters',
    example: '5c0000000000000000000001',
  })
  @ApiOkResponse({
    schema: { example: { success: true, data: COMPANY_EXAMPLE, metadata: { timestamp: '2026-11-22T01:00:00.000Z' } } },
  })
  @ApiBadRequestResponse({ description: 'malformed id: VALIDATION_ERROR without payload.code' })
  @ApiNotFoundResponse({ description: 'no such company (NOT_FOUND)' })
  get(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.records.get(auth.workspaceId, id);
  }

  @JsonBody(BODY_LIMITS.companiesSave)
  @Idempotent()
  @Post('save')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save companies into the workspace, optionally into company lists',
    description:
      'Free. Every item lands in exactly one of `saved`, `not_matched`, `invalid`, `failed`; a storage failure of one item puts it under `failed` ' +
      '(retry those) and the rest still save. Re-saving keeps the first `saved_at`. Uses 1 unit of the `enrich` rate limit per item without an id. ' +
      'Every bucket item carries `index`, its position in `data`. In `saved`, `list_ids` are the lists of the request that this call added the company to ' +
      '(empty when it was in all of them already), `all_list_ids` every live company list holding it after the call, oldest membership first. ' +
      'In `invalid`, `skipped` names the unusable keys (`id` for a malformed id or id string, `domain`, `name`…).',
  })
  @ApiBody({ type: SaveCompaniesDto, examples: { mixed: { value: SAVE_COMPANIES_EXAMPLE } } })
  @ApiOkResponse({ schema: { example: SAVE_COMPANIES_ANSWER_EXAMPLE } })
  @ApiBadRequestResponse({
    description:
      'malformed body, unknown key at the top or inside an item (`unknown_field` on `data[i].key` + `allowed_fields`), 0 or over 500 items or over 50 without an id (`out_of_range`), ' +
      'an item with two lookup keys (`conflicting_fields`), a `list_ids` entry that is not a live company list of the workspace (`invalid_value`)',
  })
  @ApiTooManyRequestsResponse({
    description: 'over the `enrich` rate limit (only where enforced); wait `Retry-After` seconds',
  })
  save(@Auth() auth: AuthContext, @Body() body: SaveCompaniesDto) {
    return this.saves.save(auth, body);
  }

  @JsonBody(BODY_LIMITS.companyPatch)
  @Patch(':id')
  @ApiOperation({
    summary: "Set (string) or remove (null) the workspace's own name of a company it saved; answers the company record",
  })
  @ApiParam({ name: 'id', example: '5c0000000000000000000001' })
  @ApiBody({
    type: UpdateCompanyDto,
    examples: { rename: { value: { name: 'Globex Corporation' } }, reset: { value: { name: null } } },
  })
  @ApiOkResponse({
    schema: {
      example: {
        success: true,
        data: {
          ...COMPANY_EXAMPLE,
          name: 'Globex Corporation',
          saved: { ...COMPANY_EXAMPLE.saved, edits: { name: 'Globex Corporation' } },
        },
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
