import { unsupportedMediaTypeError } from '@app/common';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { json } from 'express';
import { Observable } from 'rxjs';
import { isUnsupportedBody } from './media-type';

/**
 * The largest legal body with room to spare, counted after decompression (Content-Encoding gzip, deflate
 * and br are accepted; body-parser applies the limit to the inflated bytes and stops inflating there, so a
 * small compressed body cannot expand past it). The largest legal body is an email verification:
 * 10,000 addresses of at most 254 characters, 2.57 MB as compact JSON; the next is a people preview or
 * save with 40,000 company ids in its filters (about 1.1 MB plus the other filter lists) or 25,000 person ids
 * (0.68 MB). 4 MB leaves about 50 % for pretty-printed JSON and nothing a caller needs beyond that.
 */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Reads the JSON body after the guards, not in a middleware before them: a request without a valid key
 * answers 401 whatever its body (malformed, too large, not JSON), and an unauthenticated caller cannot
 * make the API read or inflate anything. Not strict, so `null`, `3` or `"x"` reach BodyShapePipe and get its one answer.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly parse = json({ limit: BODY_LIMIT_BYTES, strict: false, type: () => true });

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    if (isUnsupportedBody(request.headers)) throw unsupportedMediaTypeError(request.headers['content-type'] ?? '');
    await new Promise<void>((resolve, reject) => this.parse(request, response, (error?: unknown) => (error ? reject(error) : resolve())));
    return next.handle();
  }
}
