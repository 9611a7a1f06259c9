/** A controller's answer that adds members to `metadata` besides `timestamp`. */
export class WithMetadata<T> {
  constructor(
    readonly data: T,
    readonly metadata: Record<string, unknown>,
  ) {}
}

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  metadata: { timestamp: string; [member: string]: unknown };
}

export interface ErrorItem {
  name: string;
  message: string;
  payload: Record<string, unknown>;
}

export interface ErrorEnvelope {
  success: false;
  data: null;
  metadata: { timestamp: string; request_id?: string };
  errors: ErrorItem[];
}

export function successEnvelope<T>(result: T | WithMetadata<T>): SuccessEnvelope<T> {
  const timestamp = new Date().toISOString();
  if (result instanceof WithMetadata) {
    return { success: true, data: result.data, metadata: { timestamp, ...result.metadata } };
  }
  return { success: true, data: (result === undefined ? null : result) as T, metadata: { timestamp } };
}

export function errorEnvelope(errors: ErrorItem[], requestId?: string): ErrorEnvelope {
  const metadata: ErrorEnvelope['metadata'] = { timestamp: new Date().toISOString() };
  if (requestId) metadata.request_id = requestId;
  return { success: false, data: null, metadata, errors };
}
