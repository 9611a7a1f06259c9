import { canonicalJson, readIdempotencyKey, requestHash } from './idempotency-key';

describe('readIdempotencyKey', () => {
  it('is absent without the header', () => expect(readIdempotencyKey(undefined)).toBeUndefined());

  it('takes 1-255 printable ASCII characters as they are', () => {
    expect(readIdempotencyKey('a')).toBe('a');
    expect(readIdempotencyKey(' key with spaces ~! ')).toBe(' key with spaces ~! ');
    expect(readIdempotencyKey('x'.repeat(255))).toBe('x'.repeat(255));
  });

  it.each([
    ['', 'out_of_range'],
    ['x'.repeat(256), 'out_of_range'],
    ['clé', 'invalid_format'],
    ['tab\there', 'invalid_format'],
    ['\x7f', 'invalid_format'],
  ])('refuses %j with 400 on Idempotency-Key (%s)', (header, code) => {
    expect(() => readIdempotencyKey(header)).toThrow(
      expect.objectContaining({ status: 400, payload: expect.objectContaining({ field: 'Idempotency-Key', code }) }),
    );
  });
});

describe('requestHash', () => {
  it('ignores key order, not values, method or path', () => {
    const a = requestHash('POST', '/v2/lists', { name: 'x', type: 'people', nested: { b: 1, a: [1, { d: 2, c: 3 }] } });
    expect(
      requestHash('post', '/v2/lists', { nested: { a: [1, { c: 3, d: 2 }], b: 1 }, type: 'people', name: 'x' }),
    ).toBe(a);
    expect(
      requestHash('POST', '/v2/lists', { name: 'y', type: 'people', nested: { b: 1, a: [1, { d: 2, c: 3 }] } }),
    ).not.toBe(a);
    expect(
      requestHash('POST', '/v2/webhooks', { name: 'x', type: 'people', nested: { b: 1, a: [1, { d: 2, c: 3 }] } }),
    ).not.toBe(a);
    expect(requestHash('POST', '/v2/lists', [1, 2])).not.toBe(requestHash('POST', '/v2/lists', [2, 1]));
  });

  it('tells no body from an empty object and from null', () => {
    expect(new Set([canonicalJson(undefined), canonicalJson({}), canonicalJson(null)]).size).toBe(3);
  });
});
