import { Auth, AuthContext } from '@app/common';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RemoveFromListDto } from './dto/remove-from-list.dto';
import { PeopleListsService } from './people-lists.service';
import { BODY_LIMITS } from '../http/body-limits';
import { JsonBody } from '../http/json-body.interceptor';

@ApiTags('people')
@Controller('v2/people/lists')
export class PeopleListsController {
  constructor(private readonly lists: PeopleListsService) {}

  @JsonBody(BODY_LIMITS.listRemoval)
  @Post('remove')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Remove people from one people list',
    description:
      '`data.removed` counts the given people who were in the list. They stay saved, keep their emails and stay in their other lists; ' +
      'repeating the call is safe and answers 0. Free, not rate limited, emits no event.',
  })
  @ApiBody({
    type: RemoveFromListDto,
    examples: {
      two: {
        value: {
          list_id: 'lst_01JD3V7R8W9X0Y1Z2A3B4C5D6E',
          ids: ['5e0000000000000000000001', '5e0000000000000000000017'],
        },
      },
    },
  })
  @ApiOkResponse({
    schema: { example: { success: true, data: { removed: 2 }, metadata: { timestamp: '2026-11-22T00:55:00.000Z' } } },
  })
  @ApiBadRequestResponse({
    description:
      'VALIDATION_ERROR: `list_id` missing, not a string or not a live people list of the workspace (a company list, a deleted, unknown or ' +
      "another workspace's list: `invalid_value` on `list_id`); `ids` not an array (`invalid_value`), empty or over 500 (`out_of_range`), " +
      'an item that is not a string (`invalid_value` on `ids[i]`), no well-formed person id at all (`invalid_format` on `ids`); unknown field',
  })
  remove(@Auth() auth: AuthContext, @Body() body: RemoveFromListDto) {
    return this.lists.remove(auth, body);
  }
}
