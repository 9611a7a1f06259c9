export {
  ProspectingClient,
  parseRetryAfter,
  takesIdempotencyKey,
  type Answer,
  type ClientOptions,
  type PeopleFilters,
  type RequestOptions,
} from './client';
export { ApiError, NetworkError } from './errors';
export { verifyWebhook, WebhookVerificationError, type HeaderBag, type WebhookEvent } from './webhooks';
export type { components, paths, webhooks } from './schema';
