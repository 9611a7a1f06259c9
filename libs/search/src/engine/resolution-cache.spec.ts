import { ResolutionCache, resolutionBytes, resolutionKey } from './resolution-cache';

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => (from + i).toString(16).padStart(24, '0'));

describe('ResolutionCache', () => {
  it('reckons a resolution by its strings: 32 bytes and a byte a character each', () => {
    expect(resolutionBytes({})).toBe(64);
    expect(resolutionBytes({ keywordCompanyIds: ids(1_000), personLocation: { include: ['us'], exclude: [] } })).toBe(
      64 + 1_000 * (32 + 24) + (32 + 2),
    );
    expect(resolutionBytes({ keywordCompanyIds: 'broad', companyIds: ids(2) })).toBe(64 + 2 * 56);
  });

  it('drops the least recently used entries past its budget, and keeps the ones read since', () => {
    const entry = (n: number) => ({ companyIds: ids(n) });
    const one = 1 + resolutionBytes(entry(100));
    const cache = new ResolutionCache(one * 8);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const key of keys) cache.set(key, entry(100));
    expect(cache.get('a')).toEqual(entry(100)); // now the most recently used
    cache.set('i', entry(100));
    expect(cache.get('b')).toBeUndefined();
    for (const key of ['a', 'c', 'h', 'i']) expect(cache.get(key)).toBeDefined();
    expect(cache.size).toBe(one * 8);
  });

  it('does not keep an entry over an eighth of its budget, and counts a replaced entry once', () => {
    const cache = new ResolutionCache(8 * 10_000);
    cache.set('big', { keywordCompanyIds: ids(200) }); // 11,267 bytes
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('k', { companyIds: ids(10) });
    cache.set('k', { companyIds: ids(10, 10) });
    expect(cache.get('k')).toEqual({ companyIds: ids(10, 10) });
    expect(cache.size).toBe(1 + resolutionBytes({ companyIds: ids(10) }));
  });
});

describe('resolutionKey', () => {
  const filters = { company_keywords: { include: ['saas'], exclude: [], include_all: false, sources: [] } } as any;

  it('is the same whatever the sort, and differs by data set version and by any other filter', () => {
    const key = resolutionKey('i.1', filters);
    expect(resolutionKey('i.1', { ...filters, sort_by: 'person_first_name', sort_direction: 'asc' })).toBe(key);
    expect(resolutionKey('i.2', filters)).not.toBe(key);
    expect(resolutionKey('i.1', { ...filters, person_seniority: { include: ['VP'], exclude: [] } })).not.toBe(key);
  });
});
