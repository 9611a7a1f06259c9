import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorEnvelope } from './envelope';
import { mapError } from './error-mapping';

/** Maps every error to the error envelope (docs/api.md#errors); unexpected ones are logged and answer 500 without details. */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request & { id?: string }>();
    const response = http.getResponse<Response>();
    const requestId = typeof request.id === 'string' ? request.id : undefined;
    // The request deadline (REQUEST_TIMEOUT) answered first; the handler's late answer has nowhere to go.
    if (response.headersSent && (exception as { code?: unknown })?.code === 'ERR_HTTP_HEADERS_SENT') return;
    const { status, item, headers, unexpected, dependency } = mapError(exception, request, requestId);
    // The message only: a failed query's error also carries its parameters, which stay out of the logs.
    if (dependency)
      this.logger.warn(
        { dependency, reason: (exception as Error).message, requestId, method: request.method, path: request.path },
        'dependency unavailable',
      );
    if (unexpected)
      this.logger.error({ err: exception, requestId, method: request.method, path: request.path }, 'unexpected error');
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.status(status).json(errorEnvelope([item], requestId));
  }
}
