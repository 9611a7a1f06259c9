import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';

/** The part of the HTTP response the rate limiter writes to. */
export interface HeaderSink {
  readonly headersSent: boolean;
  setHeader(name: string, value: string): unknown;
}

const scope = new AsyncLocalStorage<HeaderSink>();

/**
 * Puts `headers` on the answer of the HTTP request being handled, if any. RateLimiter.spend calls
 * it, so every operation that spends units answers with the `X-RateLimit-*` headers without its
 * controller or service passing the response along; headers set here survive an error thrown
 * later in the request, because the exception filter answers on the same response.
 */
export function setRateLimitHeaders(headers: Record<string, string>): void {
  const response = scope.getStore();
  if (!response || response.headersSent) return;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}

/**
 * Runs each HTTP handler with its response in scope for setRateLimitHeaders. Registered globally
 * (APP_INTERCEPTOR) by RateLimitModule. `next.handle()` is called inside the scope: Nest binds the
 * handler's async context at that call, so the store reaches services, however deep.
 */
@Injectable()
export class RateLimitScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<HeaderSink>();
    return scope.run(response, () => next.handle());
  }
}
