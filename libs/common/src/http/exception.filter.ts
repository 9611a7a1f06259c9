import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from './api-error';
import { errorEnvelope, ErrorItem } from './envelope';

const NAME_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMIT',
};

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** Maps every error to the envelope of SPEC.md "Errors"; unexpected ones are logged and answer 500 without details. */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request & { id?: string }>();
    const response = http.getResponse<Response>();
    const requestId = typeof request.id === 'string' ? request.id : undefined;
    const { status, item, headers } = this.describe(exception, request, requestId);
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.status(status).json(errorEnvelope([item], requestId));
  }

  private describe(exception: unknown, request: Request, requestId?: string): { status: number; item: ErrorItem; headers: Record<string, string> } {
    if (exception instanceof ApiError) {
      const payload = Object.fromEntries(Object.entries(exception.payload).filter(([, v]) => v !== undefined));
      return { status: exception.status, item: { name: exception.errorName, message: exception.message, payload }, headers: exception.headers };
    }
    const parserError = exception as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      return { status: 400, headers: {}, item: { name: 'VALIDATION_ERROR', message: 'the request body is not valid JSON', payload: { field: 'body', code: 'invalid_format' } } };
    }
    if (parserError?.type === 'entity.too.large') {
      return { status: 413, headers: {}, item: { name: 'PAYLOAD_TOO_LARGE', message: 'the request body is too large', payload: { field: 'body', code: 'out_of_range' } } };
    }
    if (parserError?.expose && typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      const status = parserError.status;
      return { status, headers: {}, item: { name: NAME_BY_STATUS[status] ?? 'BAD_REQUEST', message: (exception as Error).message, payload: {} } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 400) {
        // Express body-parser failures reach us as a plain 400: the body is not valid JSON.
        return { status, headers: {}, item: { name: 'VALIDATION_ERROR', message: `the request body is not valid JSON: ${exception.message}`, payload: { field: 'body', code: 'invalid_format' } } };
      }
      if (status < 500) {
        const message = status === 404 ? `Cannot ${request.method} ${request.path}` : exception.message;
        return { status, headers: {}, item: { name: NAME_BY_STATUS[status] ?? 'ERROR', message, payload: {} } };
      }
    }
    this.logger.error({ err: exception, requestId, method: request.method, path: request.path }, 'unexpected error');
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      headers: {},
      item: { name: 'INTERNAL_ERROR', message: 'unexpected server error', payload: requestId ? { request_id: requestId } : {} },
    };
  }
}
