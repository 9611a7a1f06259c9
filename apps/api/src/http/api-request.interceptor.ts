import { EnvelopeInterceptor } from '@app/common';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { from, mergeAll, Observable } from 'rxjs';
import { DeclaredQueryInterceptor } from './declared-query.interceptor';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { JsonBodyInterceptor } from './json-body.interceptor';

/**
 * The API's one global interceptor, running its four steps in this order: the query check (DeclaredQueryInterceptor),
 * the body (JsonBodyInterceptor), the Idempotency-Key (IdempotencyInterceptor: once the body is read, since a key is
 * bound to it; around the envelope, since a replay repeats the exact answer), the envelope (EnvelopeInterceptor).
 *
 * One interceptor rather than four: Nest wraps every global interceptor of every request in its own deferred
 * Observable, async function and async resource, which cost more than the steps themselves on a cheap GET
 * (docs/architecture.md, "The request path"). A request without a body goes through synchronously.
 */
@Injectable()
export class ApiRequestInterceptor implements NestInterceptor {
  constructor(
    private readonly query: DeclaredQueryInterceptor,
    private readonly body: JsonBodyInterceptor,
    private readonly idempotency: IdempotencyInterceptor,
    private readonly envelope: EnvelopeInterceptor,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const enveloped: CallHandler = { handle: () => this.envelope.intercept(context, next) };
    const idempotent: CallHandler = { handle: () => this.idempotency.intercept(context, enveloped) };
    return this.query.intercept(context, {
      handle: () => {
        const afterBody = this.body.intercept(context, idempotent);
        return afterBody instanceof Observable ? afterBody : from(afterBody).pipe(mergeAll());
      },
    });
  }
}
