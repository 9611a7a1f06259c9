import { goneError, notFoundError, rateLimitError, validationError } from './api-error';
import { DependencyError, UNAVAILABLE_RETRY_AFTER_SECONDS } from './dependency-failure';
import { mapError } from './error-mapping';

const request = { method: 'POST', path: '/v2/lists' };

/** Shaped like Nest's HttpException (this spec cannot load @nestjs/common). */
class FakeHttpException extends Error {
  constructor(
    message: string,
    private readonly status: number,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
  getStatus() {
    return this.status;
  }
}

describe('mapError', () => {
  it('answers an ApiError as it is, without undefined payload members, with its headers', () => {
    const mapped = mapError(
      validationError('name', 'invalid_value', 'name must be a string', {
        received_value: undefined,
        received_type: 'number',
      }),
      request,
    );
    expect(mapped).toEqual({
      status: 400,
      item: {
        name: 'VALIDATION_ERROR',
        message: 'name must be a string',
        payload: { field: 'name', code: 'invalid_value', received_type: 'number' },
      },
      headers: {},
      unexpected: false,
    });
    expect(mapError(notFoundError('list'), request).item).toEqual({
      name: 'NOT_FOUND',
      message: 'list not found',
      payload: {},
    });
    const limited = mapError(rateLimitError(12, 'search'), request);
    expect(limited.status).toBe(429);
    expect(limited.headers).toEqual({ 'Retry-After': '12' });
  });

  it("a path parameter Express's router cannot percent-decode is 400 VALIDATION_ERROR on path, invalid_format", () => {
    const decodeError = Object.assign(new URIError("Failed to decode param '%E0%A4%A'"), {
      status: 400,
      statusCode: 400,
    });
    const expected = {
      status: 400,
      item: { name: 'VALIDATION_ERROR', payload: { field: 'path', code: 'invalid_format' } },
      unexpected: false,
    };
    expect(mapError(decodeError, request)).toMatchObject(expected);
    expect(mapError(new FakeHttpException('Bad Request', 400, decodeError), request)).toMatchObject(expected);
  });

  it('malformed JSON from the body parser is 400 VALIDATION_ERROR on body, invalid_format', () => {
    const parseError = Object.assign(new SyntaxError('Unexpected token'), {
      type: 'entity.parse.failed',
      status: 400,
      expose: true,
    });
    expect(mapError(parseError, request)).toMatchObject({
      status: 400,
      item: { name: 'VALIDATION_ERROR', payload: { field: 'body', code: 'invalid_format' } },
    });
  });

  it("body-parser failures wrapped by Nest's Express adapter answer the same as unwrapped ones", () => {
    const parseError = Object.assign(new SyntaxError('Unexpected token'), {
      type: 'entity.parse.failed',
      status: 400,
      expose: true,
    });
    expect(mapError(new FakeHttpException('Unexpected token', 400, parseError), request)).toMatchObject({
      status: 400,
      item: {
        name: 'VALIDATION_ERROR',
        message: 'the request body is not valid JSON',
        payload: { field: 'body', code: 'invalid_format' },
      },
    });
    const tooLarge = Object.assign(new Error('request entity too large'), {
      type: 'entity.too.large',
      status: 413,
      expose: true,
    });
    expect(mapError(new FakeHttpException('request entity too large', 413, tooLarge), request)).toMatchObject({
      status: 413,
      item: { name: 'PAYLOAD_TOO_LARGE', payload: { field: 'body', code: 'out_of_range' } },
    });
  });

  it('another 400 is a VALIDATION_ERROR with its own message, not a claim about the body', () => {
    const other = new FakeHttpException(
      'Range not satisfiable',
      400,
      Object.assign(new Error('Range not satisfiable'), { status: 400 }),
    );
    expect(mapError(other, request)).toMatchObject({
      status: 400,
      item: { name: 'VALIDATION_ERROR', message: 'Range not satisfiable', payload: {} },
    });
  });

  it('an oversized body is 413 PAYLOAD_TOO_LARGE', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), {
      type: 'entity.too.large',
      status: 413,
      expose: true,
    });
    expect(mapError(tooLarge, request)).toMatchObject({
      status: 413,
      item: { name: 'PAYLOAD_TOO_LARGE', payload: { field: 'body' } },
    });
  });

  it('other client errors of the body parser keep their status', () => {
    const charset = Object.assign(new Error('unsupported charset "X"'), {
      type: 'charset.unsupported',
      status: 415,
      expose: true,
    });
    expect(mapError(charset, request)).toMatchObject({
      status: 415,
      item: { name: 'UNSUPPORTED_MEDIA_TYPE', payload: { field: 'content-type', code: 'invalid_value' } },
    });
    const encoding = Object.assign(new Error('unsupported content encoding "zstd"'), {
      type: 'encoding.unsupported',
      status: 415,
      expose: true,
    });
    expect(mapError(encoding, request)).toMatchObject({
      status: 415,
      item: { payload: { field: 'body', code: 'invalid_value' } },
    });
    const corrupt = Object.assign(new Error('unexpected end of file'), {
      code: 'Z_BUF_ERROR',
      status: 400,
      expose: true,
    });
    expect(mapError(corrupt, request)).toMatchObject({
      status: 400,
      item: { name: 'VALIDATION_ERROR', payload: { field: 'body', code: 'invalid_format' } },
    });
  });

  it('a record whose data retention deleted answers 410 GONE, from an ApiError or a bare 410 HttpException', () => {
    expect(mapError(goneError('the file was deleted', { expired_at: '2026-11-22T10:00:00.000Z' }), request)).toEqual({
      status: 410,
      item: { name: 'GONE', message: 'the file was deleted', payload: { expired_at: '2026-11-22T10:00:00.000Z' } },
      headers: {},
      unexpected: false,
    });
    expect(mapError(new FakeHttpException('Gone', 410), request)).toMatchObject({
      status: 410,
      item: { name: 'GONE' },
    });
  });

  it("Nest's 404 for an unknown route names the method and path", () => {
    expect(mapError(new FakeHttpException('Cannot POST /v2/lists', 404), request)).toMatchObject({
      status: 404,
      item: { name: 'NOT_FOUND', message: 'Cannot POST /v2/lists', payload: {} },
      unexpected: false,
    });
  });

  it('an unexpected error is a 500 that leaks neither message nor stack, and is flagged for the log', () => {
    const boom = new Error('connection to 10.0.0.7:5432 refused; password=hunter2');
    const mapped = mapError(boom, request, 'req-42');
    expect(mapped).toEqual({
      status: 500,
      item: { name: 'INTERNAL_ERROR', message: 'unexpected server error', payload: { request_id: 'req-42' } },
      headers: {},
      unexpected: true,
    });
    const text = JSON.stringify(mapped);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('at ');
  });

  it('a thrown non-error and a 5xx HttpException are unexpected too', () => {
    expect(mapError('just a string', request)).toMatchObject({ status: 500, unexpected: true });
    expect(mapError(undefined, request)).toMatchObject({ status: 500, unexpected: true });
    expect(mapError(new FakeHttpException('bad gateway', 502), request)).toMatchObject({
      status: 500,
      unexpected: true,
      item: { message: 'unexpected server error' },
    });
  });
});

describe('mapError for a dependency that is down', () => {
  it('answers 503 UNAVAILABLE with Retry-After, no details for the client, and the dependency for the log', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const mapped = mapError(refused, request, 'req-1');
    expect(mapped).toMatchObject({
      status: 503,
      headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      unexpected: false,
      dependency: 'database',
    });
    expect(mapped.item.name).toBe('UNAVAILABLE');
    expect(mapped.item.payload).toEqual({});
    expect(mapped.item.message).not.toMatch(/5432|ECONNREFUSED/);
    expect(mapError(new DependencyError('redis', new Error('Command timed out')), request)).toMatchObject({
      status: 503,
      item: { name: 'UNAVAILABLE' },
      dependency: 'redis',
    });
  });

  it('still answers 500 for an unexpected error', () => {
    expect(mapError(new Error('bug'), request)).toMatchObject({ status: 500, unexpected: true });
    expect(mapError(new Error('bug'), request).dependency).toBeUndefined();
  });
});
