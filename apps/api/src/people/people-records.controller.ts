import { Auth, AuthContext } from '@app/common';
import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { UpdatePersonDto } from './dto/update-person.dto';
import { PeopleRecordsService } from './people-records.service';
import { PERSON_EXAMPLE } from './person.example';
import { BODY_LIMITS } from '../http/body-limits';
import { JsonBody } from '../http/json-body.interceptor';

const SAVED_EXAMPLE = {
  id: null,
  saved_at: '2026-11-20T10:00:00.000Z',
  list_ids: ['lst_01JD3V7R8W9X0Y1Z2A3B4C5D6E'],
  email: 'jose.garcia@globex.com',
  email_source: 'revealed',
  edits: {},
};
const RECORD_EXAMPLE = {
  ...PERSON_EXAMPLE,
  contact_details: { ...PERSON_EXAMPLE.contact_details, email: { status: 'valid', revealed: true } },
  saved: SAVED_EXAMPLE,
};
const EDITED_EXAMPLE = {
  ...RECORD_EXAMPLE,
  saved: {
    ...SAVED_EXAMPLE,
    email: 'jose@new-mail.example',
    email_source: 'edited',
    edits: { email: 'jose@new-mail.example' },
  },
};
const envelope = (data: unknown) => ({
  example: { success: true, data, metadata: { timestamp: '2026-11-22T01:00:00.000Z' } },
});

@ApiTags('people')
@Controller('v2/people')
export class PeopleRecordsController {
  constructor(private readonly records: PeopleRecordsService) {}

  @Get(':id')
  @ApiOperation({
    summary: 'Get one person with the workspace’s saved record',
    description:
      'The Person as people search shows it, plus `saved`: null while the workspace never saved the person, else `{id (always null), saved_at, ' +
      'list_ids (live people lists holding the person, oldest membership first), email (the edited email, else the revealed one, else null), ' +
      'email_source (`edited`, `revealed` or null), edits ({email} while edited)}`. Free.',
  })
  @ApiParam({ name: 'id', description: 'person id: 24 lowercase hexadecimal characters', example: PERSON_EXAMPLE.id })
  @ApiOkResponse({ schema: envelope(RECORD_EXAMPLE) })
  @ApiBadRequestResponse({ description: 'malformed id: VALIDATION_ERROR without payload.code' })
  @ApiNotFoundResponse({ description: 'no such person (NOT_FOUND)' })
  get(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.records.get(auth, id);
  }

  @JsonBody(BODY_LIMITS.personPatch)
  @Patch(':id')
  @ApiOperation({
    summary: "Set (string) or remove (null) the workspace's own email of a person it saved; answers the person record",
    description:
      'An edited person counts in the `edited` bucket of credit previews and saves, and is never charged. Free.',
  })
  @ApiParam({ name: 'id', example: PERSON_EXAMPLE.id })
  @ApiBody({
    type: UpdatePersonDto,
    examples: { set: { value: { email: 'jose@new-mail.example' } }, remove: { value: { email: null } } },
  })
  @ApiOkResponse({ schema: envelope(EDITED_EXAMPLE) })
  @ApiBadRequestResponse({
    description:
      'malformed id (no `payload.code`); `email` missing or neither a string nor null (`invalid_value`), over 254 characters (`out_of_range`), ' +
      'not a valid address (`invalid_format`); unknown field (`unknown_field`)',
  })
  @ApiNotFoundResponse({ description: 'the workspace has not saved this person' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdatePersonDto) {
    return this.records.setEmail(auth, id, body.email);
  }
}
