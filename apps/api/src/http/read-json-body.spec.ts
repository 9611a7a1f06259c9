import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ApiError } from '@app/common/http/api-error';
import { readJsonBody, ReadJsonLimits } from './read-json-body';

const limits: ReadJsonLimits = { maxBytes: 1_000, maxDepth: 4, maxValues: 50, maxKeys: 10 };

/** A request whose body arrives in `chunks`; `headers` as sent. */
function request(
  chunks: (string | Buffer)[],
  headers: Record<string, string> = {},
): IncomingMessage & { consumed: () => boolean } {
  const stream = new PassThrough();
  let pending = chunks.length;
  const req = Object.assign(stream, { headers, consumed: () => pending === 0 && stream.readableEnded });
  setImmediate(function feed() {
    if (chunks.length === 0) return stream.end();
    stream.write(chunks.shift());
    pending--;
    setImmediate(feed);
  });
  return req as unknown as IncomingMessage & { consumed: () => boolean };
}

const withLength = (body: string | Buffer, extra: Record<string, string> = {}) => ({
  'content-length': String(Buffer.byteLength(body)),
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('readJsonBody', () => {
  it('reads JSON, in any number of chunks', async () => {
    const body = '{"name":"a","ids":[1,2,3]}';
    expect(await readJsonBody(request([body], withLength(body)), limits)).toEqual({ name: 'a', ids: [1, 2, 3] });
    expect(await readJsonBody(request(body.split(''), { 'transfer-encoding': 'chunked' }), limits)).toEqual({
      name: 'a',
      ids: [1, 2, 3],
    });
  });

  it('no body is undefined; an empty one is {}; a byte order mark is dropped', async () => {
    expect(await readJsonBody(request([], {}), limits)).toBeUndefined();
    expect(await readJsonBody(request([], { 'content-length': '0' }), limits)).toEqual({});
    const bom = '\uFEFF{"a":1}';
    expect(await readJsonBody(request([bom], withLength(bom)), limits)).toEqual({ a: 1 });
  });

  it('malformed JSON and a length that does not match are 400 invalid_format on body', async () => {
    expect((await failure(readJsonBody(request(['{"a":'], withLength('{"a":')), limits))).payload).toEqual({
      field: 'body',
      code: 'invalid_format',
    });
    const short = await failure(readJsonBody(request(['{}'], { 'content-length': '5' }), limits));
    expect(short.status).toBe(400);
  });

  it('over maxBytes: 413, from the declared length before reading, or while reading chunks', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2_000) });
    const declared = request([big], withLength(big));
    expect(await failure(readJsonBody(declared, limits))).toMatchObject({
      status: 413,
      errorName: 'PAYLOAD_TOO_LARGE',
      payload: { field: 'body', code: 'out_of_range' },
    });
    expect(declared.consumed()).toBe(true);
    const chunked = request([big.slice(0, 600), big.slice(600)], { 'transfer-encoding': 'chunked' });
    expect((await failure(readJsonBody(chunked, limits))).status).toBe(413);
    expect(chunked.consumed()).toBe(true);
  });

  it('counts bytes after decompression; gzip and br are read, a corrupt stream is 400, another encoding 415', async () => {
    const body = JSON.stringify({ a: 'y'.repeat(500) });
    expect(
      await readJsonBody(
        request([gzipSync(body)], { 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' }),
        limits,
      ),
    ).toEqual({ a: 'y'.repeat(500) });
    expect(
      await readJsonBody(
        request([brotliCompressSync(body)], { 'content-encoding': 'br', 'transfer-encoding': 'chunked' }),
        limits,
      ),
    ).toEqual({ a: 'y'.repeat(500) });
    const bomb = brotliCompressSync(JSON.stringify({ a: 'z'.repeat(1_000_000) }));
    expect(bomb.length).toBeLessThan(limits.maxBytes);
    expect(
      (
        await failure(
          readJsonBody(request([bomb], { 'content-encoding': 'br', 'transfer-encoding': 'chunked' }), limits),
        )
      ).status,
    ).toBe(413);
    const corrupt = Buffer.concat([gzipSync(body).subarray(0, 12), Buffer.from('garbage')]);
    expect(
      (
        await failure(
          readJsonBody(request([corrupt], { 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' }), limits),
        )
      ).payload,
    ).toEqual({ field: 'body', code: 'invalid_format' });
    expect(
      await failure(
        readJsonBody(request([body], { 'content-encoding': 'compress', 'transfer-encoding': 'chunked' }), limits),
      ),
    ).toMatchObject({ status: 415, payload: { field: 'body', code: 'invalid_value' } });
  });

  it('refuses depth, values and keys past their limits at the chunk that passes them, and reads the rest to drop it', async () => {
    const hostile = request(['{"a":[[[[', ']]]]}', 'x'.repeat(900)], { 'transfer-encoding': 'chunked' });
    expect(await failure(readJsonBody(hostile, limits))).toMatchObject({
      status: 400,
      errorName: 'VALIDATION_ERROR',
      payload: { field: 'body', code: 'too_deep', limit: 4 },
    });
    expect(hostile.consumed()).toBe(true);
    const values = `[${Array(60).fill(1).join(',')}]`;
    expect((await failure(readJsonBody(request([values], withLength(values)), limits))).payload).toMatchObject({
      code: 'too_many_values',
      limit: 50,
    });
    const keys = `{${Array.from({ length: 11 }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect((await failure(readJsonBody(request([keys], withLength(keys)), limits))).payload).toMatchObject({
      code: 'too_many_keys',
      limit: 10,
    });
  });

  it('the limits apply to the inflated text', async () => {
    const deep = gzipSync(`{"a":${'['.repeat(100)}${']'.repeat(100)}}`);
    expect(
      (
        await failure(
          readJsonBody(request([deep], { 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' }), limits),
        )
      ).payload,
    ).toMatchObject({ code: 'too_deep' });
  });
});
