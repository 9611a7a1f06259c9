import { AuthContext, conflictError, validationError } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { IdempotencyKeyRepository, StoredAnswer } from '@app/database';
import { configKeyring, openSecret, sealSecret, SecretKeyring } from '@app/webhooks';
import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { defer, from, lastValueFrom, Observable, of, switchMap } from 'rxjs';
import { IDEMPOTENCY_HEADER, readIdempotencyKey, REPLAYED_HEADER, requestHash } from './idempotency-key';

const IDEMPOTENT = Symbol('idempotent');
/** Answer headers a replay repeats besides the status and body. */
const REPLAYED_ANSWER_HEADERS = ['location'];
/** A claim is presumed dead (its process crashed) this long after it was taken, and at least this long after REQUEST_TIMEOUT. */
const MIN_STALE_MS = 60_000;

/** Marks a POST that takes an Idempotency-Key (docs/idempotency.md), and documents the header on it. */
export const Idempotent = () =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, true),
    ApiHeader({
      name: IDEMPOTENCY_HEADER,
      required: false,
      description:
        'Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body ' +
        'answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); ' +
        'while the first request runs, 409 CONFLICT. See docs/idempotency.md.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
    }),
  );

/**
 * Idempotency-Key on the routes marked @Idempotent, after the body is read (the key is bound to it) and around
 * the envelope (the stored answer is the exact body sent). Protocol, per workspace and key:
 * 1. claim the key (`in_progress`) before any work: only one request of a key ever holds the claim;
 * 2. on a 2xx answer, store it (status, body, Location) before sending it, so no repeat sees the key
 *    unanswered once the first answer has left;
 * 3. on any error answer, release the claim: our routes do nothing when they fail (each writes in one
 *    transaction, or nothing before its last check), so a retry with the key runs anew. Unlike Stripe, which
 *    keeps 4xx answers given after execution began, no error is stored: 429 in particular must be retryable;
 * 4. a claim left by a process that died between 1 and 2/3 is taken over by the next request with the same body
 *    once it is older than twice REQUEST_TIMEOUT (at least a minute), since no live request runs that long.
 * The work may run twice only when the process dies after the work committed and before step 2 (milliseconds);
 * a repeated people or company save is itself harmless (charge-once, first `saved_at` kept).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly staleMs: number;
  private readonly keyring: SecretKeyring;
  private readonly idempotentHandlers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyKeyRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.staleMs = Math.max(2 * config.requestTimeoutMs, MIN_STALE_MS);
    this.keyring = configKeyring(config);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Synchronous for every other route: this interceptor is global and sits on the hot path of each request.
    if (context.getType() !== 'http' || !this.isIdempotent(context.getHandler())) return next.handle();
    return from(this.idempotent(context, next)).pipe(switchMap((answer) => answer));
  }

  /** @Idempotent() per handler, read from its metadata once. */
  private isIdempotent(handler: object): boolean {
    let known = this.idempotentHandlers.get(handler);
    if (known === undefined) {
      known = this.reflector.get<boolean>(IDEMPOTENT, handler as () => unknown) === true;
      this.idempotentHandlers.set(handler, known);
    }
    return known;
  }

  private async idempotent(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request & { auth?: AuthContext }>();
    const response = context.switchToHttp().getResponse<Response>();
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    const workspaceId = request.auth?.workspaceId;
    if (key === undefined || workspaceId === undefined) return next.handle();

    const outcome = await this.keys.claim(
      workspaceId,
      key,
      requestHash(request.method, request.path, request.body),
      this.staleMs,
    );
    if (outcome.kind === 'mismatch') {
      throw validationError(
        IDEMPOTENCY_HEADER,
        'conflicting_fields',
        `${IDEMPOTENCY_HEADER} was used within 24 hours with another request (method, path or body); use a new key`,
      );
    }
    if (outcome.kind === 'in_progress') {
      throw conflictError(
        `a request with this ${IDEMPOTENCY_HEADER} is still running; retry it once that one has answered`,
        { reason: 'idempotency_key_in_use' },
      );
    }
    if (outcome.kind === 'replay') {
      response.status(outcome.answer.status);
      for (const [name, value] of Object.entries(outcome.answer.headers)) response.setHeader(name, value);
      response.setHeader(REPLAYED_HEADER, 'true');
      return of(this.open(outcome.answer.body, workspaceId, key));
    }
    const { token } = outcome;
    return defer(async () => {
      let body: unknown;
      try {
        body = await lastValueFrom(next.handle());
      } catch (error) {
        // The caller gets the work's error; a claim we cannot release (database down) goes stale instead.
        await this.keys.release(workspaceId, key, token).catch(() => undefined);
        throw error;
      }
      if (response.statusCode >= 200 && response.statusCode < 300) {
        const sealed = this.seal(body, workspaceId, key);
        await this.keys.complete(workspaceId, key, token, {
          status: response.statusCode,
          body: sealed,
          headers: answerHeaders(response),
        });
      } else {
        await this.keys.release(workspaceId, key, token);
      }
      return body;
    });
  }

  private seal(body: unknown, workspaceId: string, key: string): { sealed: string } {
    return { sealed: sealSecret(JSON.stringify(body ?? null), sealScope(workspaceId, key), this.keyring) };
  }

  private open(stored: unknown, workspaceId: string, key: string): unknown {
    return JSON.parse(openSecret((stored as { sealed: string }).sealed, sealScope(workspaceId, key), this.keyring));
  }
}

/**
 * Stored answers are sealed with SECRETS_KEY (as webhook secrets are), bound to their workspace and key: they hold
 * revealed emails and, for a webhook's creation, its signing secret.
 */
const sealScope = (workspaceId: string, key: string) => `idempotency:${workspaceId}:${key}`;

function answerHeaders(response: Response): StoredAnswer['headers'] {
  const out: Record<string, string> = {};
  for (const name of REPLAYED_ANSWER_HEADERS) {
    const value = response.getHeader(name);
    if (value !== undefined) out[name] = String(value);
  }
  return out;
}
