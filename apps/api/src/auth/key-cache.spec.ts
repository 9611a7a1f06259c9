import { decodeRevocation, encodeRevocation } from '@app/common/auth/key-revocation';
import { KeyCache } from './key-cache';

const A = { apiKeyId: 'key_a', workspaceId: 'ws_1', memberId: 'mem_1' };
const B = { apiKeyId: 'key_b', workspaceId: 'ws_1', memberId: 'mem_1' };
const C = { apiKeyId: 'key_c', workspaceId: 'ws_1', memberId: 'mem_2' };

describe('KeyCache', () => {
  it('answers entries until they expire, undefined when unknown', () => {
    const cache = new KeyCache();
    cache.set('h1', A, 1000, cache.generation);
    cache.set('h0', null, 1000, cache.generation);
    expect(cache.get('h1', 999)).toEqual(A);
    expect(cache.get('h0', 999)).toBeNull();
    expect(cache.get('h1', 1000)).toBeUndefined();
    expect(cache.get('nope', 0)).toBeUndefined();
  });

  it('evicts a revoked key, or every key of a removed member, and nothing else', () => {
    const cache = new KeyCache();
    for (const [hash, auth] of [
      ['ha', A],
      ['hb', B],
      ['hc', C],
    ] as const)
      cache.set(hash, auth, 10_000, cache.generation);
    expect(cache.evict({ apiKeyId: 'key_a' })).toBe(1);
    expect(cache.get('ha', 0)).toBeUndefined();
    expect(cache.get('hb', 0)).toEqual(B);
    expect(cache.evict({ memberId: 'mem_1' })).toBe(1);
    expect(cache.get('hb', 0)).toBeUndefined();
    expect(cache.get('hc', 0)).toEqual(C);
  });

  it('drops an answer looked up before a revocation and stored after it', () => {
    const cache = new KeyCache();
    const before = cache.generation;
    cache.evict({ apiKeyId: 'key_a' }); // arrives while the lookup is in flight
    cache.set('ha', A, 10_000, before);
    expect(cache.get('ha', 0)).toBeUndefined();
    cache.set('ha', A, 10_000, cache.generation);
    expect(cache.get('ha', 0)).toEqual(A);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('stays bounded: the oldest entry goes first', () => {
    const cache = new KeyCache(2);
    cache.set('h1', A, 10_000, 0);
    cache.set('h2', B, 10_000, 0);
    cache.set('h3', C, 10_000, 0);
    expect(cache.get('h1', 0)).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('keeps a recently used key when full: a hit moves it to the back', () => {
    const cache = new KeyCache(2);
    cache.set('h1', A, 10_000, 0);
    cache.set('h2', B, 10_000, 0);
    expect(cache.get('h1', 0)).toEqual(A);
    cache.set('h3', C, 10_000, 0);
    expect(cache.get('h1', 0)).toEqual(A);
    expect(cache.get('h2', 0)).toBeUndefined();
  });

  it('a flood of unknown keys cannot evict a valid key', () => {
    const cache = new KeyCache(2, 10);
    cache.set('valid', A, 10_000, 0);
    for (let i = 0; i < 100_000; i++) cache.set(`random-${i}`, null, 10_000, 0);
    expect(cache.get('valid', 0)).toEqual(A);
    expect(cache.size).toBe(1 + 10);
    // Misses are still cached (a repeated bad key costs no lookup), but only the latest few.
    expect(cache.get('random-99999', 0)).toBeNull();
    expect(cache.get('random-0', 0)).toBeUndefined();
  });

  it('a key that became valid (or invalid) moves between the two maps', () => {
    const cache = new KeyCache();
    cache.set('h', null, 10_000, 0);
    cache.set('h', A, 10_000, 0);
    expect(cache.get('h', 0)).toEqual(A);
    expect(cache.size).toBe(1);
    cache.set('h', null, 10_000, 0);
    expect(cache.get('h', 0)).toBeNull();
    expect(cache.size).toBe(1);
  });
});

describe('revocation messages', () => {
  it('round-trip, and anything else decodes to null', () => {
    expect(decodeRevocation(encodeRevocation({ apiKeyId: 'key_a' }))).toEqual({ apiKeyId: 'key_a' });
    expect(decodeRevocation(encodeRevocation({ memberId: 'mem_1' }))).toEqual({ memberId: 'mem_1' });
    for (const bad of ['', 'not json', 'null', '[]', '{}', '{"api_key_id":""}', '{"member_id":5}'])
      expect(decodeRevocation(bad)).toBeNull();
  });
});
