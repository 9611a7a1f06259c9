import { ApiListResponse, Auth, AuthContext, pageRequest } from '@app/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { ListWebhooksQuery } from './dto/list-webhooks.query';
import { RecoverWebhookDto } from './dto/recover-webhook.dto';
import { RotateSecretDto } from './dto/rotate-secret.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { DELIVERY_EXAMPLE, WEBHOOK_EXAMPLE } from './webhook-record';
import { WebhooksService } from './webhooks.service';
import { BODY_LIMITS } from '../http/body-limits';
import { JsonBody } from '../http/json-body.interceptor';
import { Idempotent } from '../http/idempotency.interceptor';

const SECRET_EXAMPLE = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw6Xk3UoTBK9E=';
const envelope = (data: unknown, metadata: Record<string, unknown> = {}) => ({
  schema: { example: { success: true, data, metadata: { timestamp: '2026-11-22T00:00:00.000Z', ...metadata } } },
});

@ApiTags('webhooks')
@Controller('v2/webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @JsonBody(BODY_LIMITS.webhook)
  @Idempotent()
  @Post()
  @ApiOperation({
    summary: 'Register a webhook; the answer holds its signing secret, shown only this once',
    description:
      'The receiver URL must be https on a public host, on port 443 or 8443 unless the operator allows more (400 `invalid_value` on `url`, with `payload.allowed_ports`); ' +
      'it is stored trimmed and normalised (WHATWG serialisation: lower-case scheme and host, `/` path when empty). ' +
      '`events` must hold at least one of the three real event types. At most 25 active webhooks per workspace, and 100 in all, disabled ones included ' +
      '(400 `out_of_range` on `webhooks`, `payload.limit`, `payload.counted` `active` or `all`).',
  })
  @ApiBody({
    type: CreateWebhookDto,
    examples: {
      default: { value: { url: WEBHOOK_EXAMPLE.url, events: WEBHOOK_EXAMPLE.events, description: 'CRM sync' } },
    },
  })
  @ApiCreatedResponse(envelope({ ...WEBHOOK_EXAMPLE, secret: SECRET_EXAMPLE }))
  create(@Auth() auth: AuthContext, @Body() dto: CreateWebhookDto) {
    return this.webhooks.create(auth, dto);
  }

  @Get()
  @ApiOperation({
    summary:
      "List the workspace's webhooks, newest first (never their secrets); `status` narrows to active or disabled ones",
  })
  @ApiListResponse(WEBHOOK_EXAMPLE)
  list(@Auth() auth: AuthContext, @Query() query: ListWebhooksQuery) {
    return this.webhooks.list(auth, query.status, pageRequest(query));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read one webhook' })
  @ApiOkResponse(envelope(WEBHOOK_EXAMPLE))
  get(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.webhooks.get(auth, id);
  }

  @JsonBody(BODY_LIMITS.webhook)
  @Patch(':id')
  @ApiOperation({
    summary: 'Update url, events, description or status',
    description:
      '`status: "active"` re-enables a disabled webhook (within the 25-active limit; at most 10 times an hour per workspace and receiver host, and within the workspace\'s on-demand budget, ' +
      'else 429 `RATE_LIMIT` with `Retry-After`); `"disabled"` stops deliveries and drops pending retries. ' +
      '`description: null` clears the description; a null `url`, `events` or `status` answers 400 `VALIDATION_ERROR` (`invalid_value`) on that field. ' +
      '`events` keeps at least one real event type. The URL is stored trimmed and normalised.',
  })
  @ApiBody({
    type: UpdateWebhookDto,
    examples: { reenable: { value: { status: 'active' } }, events: { value: { events: ['company.saved'] } } },
  })
  @ApiOkResponse(envelope(WEBHOOK_EXAMPLE))
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() dto: UpdateWebhookDto) {
    return this.webhooks.update(auth, id, dto);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook; pending deliveries are dropped' })
  @ApiOkResponse(envelope({ id: WEBHOOK_EXAMPLE.id, deleted: true }))
  remove(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.webhooks.remove(auth, id);
  }

  @Idempotent()
  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a webhook.test event to this webhook (whatever its subscribed events)',
    description:
      'At most 10 a minute per workspace and receiver host. Deleting and re-creating a webhook resets nothing; every on-demand send of a workspace (test, resend, recover, re-enable) also counts against 60 a minute. Over either limit: 429 `RATE_LIMIT` with `Retry-After`.',
  })
  @ApiConflictResponse({
    description:
      'the webhook is disabled (409 `CONFLICT`, `payload.webhook_status` and `payload.disabled_reason`): re-enable it first',
  })
  @ApiAcceptedResponse(
    envelope({
      event_id: 'evt_01JD2YA9F4H6K8M0P2R4T6V8X0',
      type: 'webhook.test',
      webhook_id: WEBHOOK_EXAMPLE.id,
      webhook_status: 'active',
    }),
  )
  sendTest(@Auth() auth: AuthContext, @Param('id') id: string) {
    return this.webhooks.sendTest(auth, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: 'Delivery history (one record per attempt), newest first; filter by event_id and status',
    description:
      '`next_attempt_at` is when the retry this attempt scheduled runs (null when none). A retry dropped because the webhook was disabled ' +
      '(or its task dropped) shows `next_attempt_at: null` and `retry_dropped: true`.',
  })
  @ApiListResponse(DELIVERY_EXAMPLE)
  listDeliveries(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListDeliveriesQuery) {
    return this.deliveries.list(auth, id, query);
  }

  @JsonBody(BODY_LIMITS.webhookAction)
  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replace the signing secret; the new one is shown only this once',
    description:
      'During `grace` (0 to 7d, default 24h) deliveries carry one signature per secret, so receivers can switch without losing events. ' +
      'The body may be left out (or `grace` null): the default grace applies.',
  })
  @ApiBody({ type: RotateSecretDto, required: false, examples: { default: { value: { grace: '24h' } } } })
  @ApiOkResponse(
    envelope({
      id: WEBHOOK_EXAMPLE.id,
      secret: SECRET_EXAMPLE,
      previous_secret_expires_at: '2026-11-23T00:00:00.000Z',
    }),
  )
  rotateSecret(@Auth() auth: AuthContext, @Param('id') id: string, @Body() dto: RotateSecretDto) {
    return this.webhooks.rotateSecret(auth, id, dto);
  }

  @Idempotent()
  @Post(':id/deliveries/:delivery_id/resend')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send the event of one delivery again, now (a fresh run of the retry schedule)',
    description:
      'At most 30 a minute per workspace and receiver host. Deleting and re-creating a webhook resets nothing; every on-demand send of a workspace (test, resend, recover, re-enable) also counts against 60 a minute. Over either limit: 429 `RATE_LIMIT` with `Retry-After`. A disabled webhook answers 400 `invalid_value` on `id`.',
  })
  @ApiAcceptedResponse(
    envelope({
      event_id: DELIVERY_EXAMPLE.event_id,
      webhook_id: WEBHOOK_EXAMPLE.id,
      state: 'pending',
      next_attempt_at: '2026-11-22T00:00:00.000Z',
    }),
  )
  resend(@Auth() auth: AuthContext, @Param('id') id: string, @Param('delivery_id') deliveryId: string) {
    return this.deliveries.resend(auth, id, deliveryId);
  }

  @JsonBody(BODY_LIMITS.webhookAction)
  @Post(':id/recover')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send again every event whose delivery to this webhook failed for good (or was dropped) since a time',
    description:
      'At most 10 an hour per workspace and receiver host. Deleting and re-creating a webhook resets nothing; every on-demand send of a workspace (test, resend, recover, re-enable) also counts against 60 a minute. Over either limit: 429 `RATE_LIMIT` with `Retry-After`. A disabled webhook answers 400 `invalid_value` on `id`.',
  })
  @ApiBody({ type: RecoverWebhookDto, examples: { default: { value: { since: '2026-11-20T00:00:00Z' } } } })
  @ApiAcceptedResponse(envelope({ webhook_id: WEBHOOK_EXAMPLE.id, since: '2026-11-20T00:00:00.000Z', recovered: 3 }))
  recover(@Auth() auth: AuthContext, @Param('id') id: string, @Body() dto: RecoverWebhookDto) {
    return this.deliveries.recover(auth, id, dto);
  }
}
