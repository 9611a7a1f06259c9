import { ApiError, received, unsupportedMediaTypeError, validationError } from '@app/common';
import { jsonCostBreach, JsonCostBreach } from '@app/common/http/json-cost';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { ROUTE_ARGS_METADATA, RouteParamtypes } from '@nestjs/common/internal';
import { Reflector } from '@nestjs/core';
import type { Request, RequestHandler, Response } from 'express';
import { json } from 'express';
import { Observable } from 'rxjs';
import { BODY_LIMITS, BodyLimits, MAX_JSON_DEPTH, MAX_JSON_KEYS } from './body-limits';
import { isUnsupportedBody } from './media-type';

const JSON_BODY_LIMITS = Symbol('jsonBodyLimits');

/** The size and value count a route's JSON body may reach (one of BODY_LIMITS). */
export const JsonBody = (limits: BodyLimits) => SetMetadata(JSON_BODY_LIMITS, limits);

/** Kept for a route that takes a body but declares no JsonBody: the small routes' allowance. */
const UNDECLARED: BodyLimits = BODY_LIMITS.webhook;

const MESSAGES: Record<JsonCostBreach['code'], (limit: number) => string> = {
  too_deep: (limit) => `the request body nests arrays and objects more than ${limit} levels deep`,
  too_many_values: (limit) => `the request body holds more than ${limit.toLocaleString('en')} values`,
  too_many_keys: (limit) => `an object in the request body has more than ${limit} keys`,
};

/** 400 VALIDATION_ERROR on `body`, its code naming the limit passed. */
export function jsonCostError(breach: JsonCostBreach): ApiError {
  return validationError('body', breach.code, MESSAGES[breach.code](breach.limit), { limit: breach.limit });
}

/**
 * Reads the JSON body after the guards, not in a middleware before them: a request without a valid key
 * answers 401 whatever its body (malformed, too large, not JSON), and an unauthenticated caller cannot
 * make the API read or inflate anything. Not strict, so `null`, `3` or `"x"` reach BodyShapePipe and get its one answer.
 *
 * Its cost is bounded before anything walks it: over the route's byte limit it answers 413 (counted after
 * decompression: body-parser stops inflating there); then one linear pass over the raw text (jsonCostBreach)
 * refuses nesting, values and keys past their limits before JSON.parse, class-transformer and the NUL check
 * see it. A route without a body (no @Body parameter) accepts none or `{}`.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly parsers = new Map<BodyLimits, RequestHandler>();
  private readonly takesBody = new WeakMap<object, boolean>();

  constructor(private readonly reflector: Reflector) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    if (isUnsupportedBody(request.headers)) throw unsupportedMediaTypeError(request.headers['content-type'] ?? '');
    const takesBody = this.declaresBody(context);
    const limits = takesBody ? (this.reflector.get<BodyLimits | undefined>(JSON_BODY_LIMITS, context.getHandler()) ?? UNDECLARED) : BODY_LIMITS.none;
    const parse = this.parserFor(limits);
    await new Promise<void>((resolve, reject) => parse(request, response, (error?: unknown) => (error ? reject(error) : resolve())));
    if (!takesBody) refuseBody(request.body);
    return next.handle();
  }

  private parserFor(limits: BodyLimits): RequestHandler {
    let parser = this.parsers.get(limits);
    if (!parser) {
      const costLimits = { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS, maxValues: limits.maxValues };
      parser = json({
        limit: limits.maxBytes,
        strict: false,
        type: () => true,
        // Runs on the raw (inflated) bytes before they are decoded and parsed; a throw here answers as it is.
        verify: (_req, _res, raw) => {
          const breach = jsonCostBreach(raw, costLimits);
          if (breach) throw jsonCostError(breach);
        },
      });
      this.parsers.set(limits, parser);
    }
    return parser;
  }

  private declaresBody(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let known = this.takesBody.get(handler);
    if (known === undefined) {
      const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {};
      known = Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
      this.takesBody.set(handler, known);
    }
    return known;
  }
}

/**
 * A route without a body (GET, DELETE, POST …/test, …/resend) answers what it would answer to any unknown
 * key: none is sent, or an empty object, else 400 `unknown_field` (`allowed_fields` empty) or `invalid_value`.
 */
function refuseBody(body: unknown): void {
  if (body === undefined) return;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validationError('body', 'invalid_value', 'this operation takes no request body (send none, or {})', received(body));
  }
  const keys = Object.keys(body);
  if (keys.length > 0) throw validationError(keys[0], 'unknown_field', `unknown field "${keys[0]}": this operation takes no request body`, { allowed_fields: [] });
}
