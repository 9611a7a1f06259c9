import { received, unsupportedMediaTypeError, validationError } from '@app/common';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/internal';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { BODY_LIMITS, BodyLimits, MAX_JSON_DEPTH, MAX_JSON_KEYS } from './body-limits';
import { isUnsupportedBody } from './media-type';
import { carriesBody, readJsonBody } from './read-json-body';
import { declaresParam } from './route-params';

const JSON_BODY_LIMITS = Symbol('jsonBodyLimits');

/** The size and value count a route's JSON body may reach (one of BODY_LIMITS). */
export const JsonBody = (limits: BodyLimits) => SetMetadata(JSON_BODY_LIMITS, limits);

/** For a route that takes a body but declares no JsonBody: the small routes' allowance. */
const UNDECLARED: BodyLimits = BODY_LIMITS.webhook;

/**
 * Reads the JSON body after the guards, not in a middleware before them: a request without a valid key
 * answers 401 whatever its body (malformed, too large, not JSON), and an unauthenticated caller cannot
 * make the API read or inflate anything. `null`, `3` or `"x"` are read too and reach BodyShapePipe for its one answer.
 *
 * Its cost is bounded before anything walks it (readJsonBody): over the route's byte limit it answers 413,
 * and nesting, values or keys past their limits answer 400 as the chunks arrive, before JSON.parse,
 * class-transformer and the NUL check see it. A route without a body (no @Body parameter) accepts none or `{}`.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly takesBody = new WeakMap<object, boolean>();

  constructor(private readonly reflector: Reflector) {}

  /** Synchronous for a request without a body (most GETs): no promise, no extra turn of the event loop. */
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    if (isUnsupportedBody(request.headers)) throw unsupportedMediaTypeError(request.headers['content-type'] ?? '');
    if (!carriesBody(request)) {
      request.body = undefined;
      return next.handle();
    }
    return this.readBody(context, request).then(() => next.handle());
  }

  private async readBody(context: ExecutionContext, request: Request): Promise<void> {
    const takesBody = declaresParam(this.takesBody, context, RouteParamtypes.BODY);
    const limits = takesBody
      ? (this.reflector.get<BodyLimits | undefined>(JSON_BODY_LIMITS, context.getHandler()) ?? UNDECLARED)
      : BODY_LIMITS.none;
    request.body = await readJsonBody(request, {
      maxBytes: limits.maxBytes,
      maxValues: limits.maxValues,
      maxDepth: MAX_JSON_DEPTH,
      maxKeys: MAX_JSON_KEYS,
    });
    if (!takesBody) refuseBody(request.body);
  }
}

/**
 * A route without a body (GET, DELETE, POST …/test, …/resend) answers what it would answer to any unknown
 * key: none is sent, or an empty object, else 400 `unknown_field` (`allowed_fields` empty) or `invalid_value`.
 */
function refuseBody(body: unknown): void {
  if (body === undefined) return;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validationError(
      'body',
      'invalid_value',
      'this operation takes no request body (send none, or {})',
      received(body),
    );
  }
  const keys = Object.keys(body);
  if (keys.length > 0)
    throw validationError(
      keys[0],
      'unknown_field',
      `unknown field "${keys[0]}": this operation takes no request body`,
      { allowed_fields: [] },
    );
}
