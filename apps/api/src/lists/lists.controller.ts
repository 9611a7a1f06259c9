import { ApiListResponse, Auth, AuthContext, pageRequest } from '@app/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CreateListDto } from './dto/create-list.dto';
import { ListListsQueryDto } from './dto/list-lists.query.dto';
import { LIST_RECORD_EXAMPLE } from './list-record';
import { ListsService } from './lists.service';
import { BODY_LIMITS } from '../http/body-limits';
import { JsonBody } from '../http/json-body.interceptor';
import { Idempotent } from '../http/idempotency.interceptor';

const envelope = (data: unknown) => ({
  example: { success: true, data, metadata: { timestamp: '2026-11-22T00:45:10.456Z' } },
});

@ApiTags('lists')
@Controller('v2/lists')
export class ListsController {
  constructor(private readonly lists: ListsService) {}

  @Get()
  @ApiOperation({ summary: 'Live lists of the workspace, oldest first; `type` narrows to people or company lists' })
  @ApiListResponse(LIST_RECORD_EXAMPLE)
  @ApiBadRequestResponse({
    description:
      '`type` is neither `people` nor `company` (`invalid_value`); `page`/`per_page` out of range; an unknown parameter (`unknown_field`)',
  })
  list(@Auth() auth: AuthContext, @Query() query: ListListsQueryDto) {
    return this.lists.list(auth.workspaceId, query.type, pageRequest(query));
  }

  @JsonBody(BODY_LIMITS.listCreate)
  @Idempotent()
  @Post()
  @ApiOperation({ summary: 'Create a typed list (people or company)' })
  @ApiBody({
    type: CreateListDto,
    examples: {
      company: { value: { name: 'Target accounts Q3', type: 'company' } },
      people: { value: { name: 'Founders to call', type: 'people' } },
    },
  })
  @ApiCreatedResponse({ schema: envelope({ ...LIST_RECORD_EXAMPLE, count: 0 }) })
  @ApiBadRequestResponse({ description: 'missing or empty `name`, unknown `type`, unknown field' })
  create(@Auth() auth: AuthContext, @Body() body: CreateListDto) {
    return this.lists.create(auth.workspaceId, body.name, body.type);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete a list: it is no longer live, no save or removal may use it; its members stay saved',
  })
  @ApiParam({ name: 'id', example: LIST_RECORD_EXAMPLE.id })
  @ApiOkResponse({ schema: envelope({ id: LIST_RECORD_EXAMPLE.id, deleted: true }) })
  @ApiBadRequestResponse({ description: 'malformed id (no `payload.code`)' })
  @ApiNotFoundResponse({ description: 'no live list with this id in the workspace' })
  delete(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.lists.delete(auth.workspaceId, id);
  }
}
