import { Auth, AuthContext } from '@app/common';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { WorkspaceService } from './workspace.service';

const EXAMPLE = {
  success: true,
  data: {
    id: 'ws_01JD4N7Q8W3ZV6P2K5M9XGRT0A',
    name: 'Acme sales',
    credits: 1000,
    member: { id: 'mem_01JD4N7Q8X2B7C1D0E9F8G7H6J', name: 'Owner', role: 'owner' },
    api_key_id: 'key_01JD4N7Q8Y5K4L3M2N1P0Q9R8S',
  },
  metadata: { timestamp: '2026-11-22T10:00:00.000Z' },
};

@ApiTags('workspace')
@Controller('v2/workspace')
export class WorkspaceController {
  constructor(private readonly workspaces: WorkspaceService) {}

  @Get()
  @ApiOperation({ summary: "The calling key's workspace: name, credit balance and the member the key belongs to" })
  @ApiOkResponse({ description: 'the workspace of the key', schema: { example: EXAMPLE } })
  @ApiUnauthorizedResponse({ description: 'missing, unknown or deleted key' })
  current(@Auth() auth: AuthContext) {
    return this.workspaces.describe(auth);
  }
}
