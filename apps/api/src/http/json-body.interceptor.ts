import { unsupportedMediaTypeError } from '@app/common';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { json } from 'express';
import { Observable } from 'rxjs';
import { isUnsupportedBody } from './media-type';

export const BODY_LIMIT = '8mb';

/**
 * Reads the JSON body after the guards, not in a middleware before them: a request without a valid key
 * answers 401 whatever its body (malformed, too large, not JSON), and an unauthenticated caller cannot
 * make the API buffer 8 MB. Not strict, so `null`, `3` or `"x"` reach BodyShapePipe and get its one answer.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly parse = json({ limit: BODY_LIMIT, strict: false, type: () => true });

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    if (isUnsupportedBody(request.headers)) throw unsupportedMediaTypeError(request.headers['content-type'] ?? '');
    await new Promise<void>((resolve, reject) => this.parse(request, response, (error?: unknown) => (error ? reject(error) : resolve())));
    return next.handle();
  }
}
