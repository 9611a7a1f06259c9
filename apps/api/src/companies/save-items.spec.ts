import { normalizeDomain } from '@app/common/domains/normalize-domain';
import { lacksId, parseSaveItem, parseSaveItems, proNetworkUrlCandidates, SaveInputError } from './save-items';

const ID = '5c0000000000000000000001';

function inputError(fn: () => unknown): SaveInputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SaveInputError) return error;
    throw error;
  }
  throw new Error('expected a SaveInputError');
}

describe('company save items', () => {
  it('normalizes domains: scheme, www., port, path and case dropped', () => {
    expect(normalizeDomain('https://www.Globex.com/about?x=1#top')).toBe('globex.com');
    expect(normalizeDomain('globex.com')).toBe('globex.com');
    expect(normalizeDomain('  http://globex.co.uk:8080/ ')).toBe('globex.co.uk');
    expect(normalizeDomain('WWW.acme-analytics.com.')).toBe('acme-analytics.com');
    expect(normalizeDomain('jobs@initech.com')).toBe('initech.com');
    for (const bad of ['', 'globex', 'not a domain', 'https://', '127.0.0.1', '-x-.com'])
      expect(normalizeDomain(bad)).toBeNull();
  });

  it('converts internationalised domains to ASCII before matching, and refuses an invalid one', () => {
    expect(normalizeDomain('Bücher.de')).toBe('xn--bcher-kva.de');
    expect(normalizeDomain('https://www.münchen.de/about')).toBe('xn--mnchen-3ya.de');
    expect(normalizeDomain('xn--bcher-kva.de')).toBe('xn--bcher-kva.de');
    expect(normalizeDomain('bad\u0000ü.de')).toBeNull();
    expect(normalizeDomain('ü')).toBeNull();
    expect(parseSaveItem({ domain: 'bücher.de' }, 0)).toMatchObject({
      kind: 'lookup',
      identifier: 'bücher.de',
      value: 'xn--bcher-kva.de',
    });
  });

  it('spells a professional-network URL every way it may be stored, and refuses a bare host', () => {
    const c = proNetworkUrlCandidates('pronet.example/company/Vandelay-Industries/?trk=1')!;
    expect(c).toContain('https://pronet.example/company/vandelay-industries');
    expect(c).toContain('https://www.pronet.example/company/vandelay-industries/');
    expect(c).toContain('http://pronet.example/company/vandelay-industries');
    expect(proNetworkUrlCandidates('https://pronet.example/')).toBeNull();
    expect(proNetworkUrlCandidates('ftp://pronet.example/company/x')).toBeNull();
    expect(proNetworkUrlCandidates('not a url')).toBeNull();
  });

  it('reads each identifier kind and echoes the value the caller sent', () => {
    expect(parseSaveItem(ID, 0)).toEqual({ kind: 'lookup', identifier: ID, by: 'id', value: ID });
    expect(parseSaveItem({ id: ID }, 0)).toEqual({ kind: 'lookup', identifier: ID, by: 'id', value: ID });
    expect(parseSaveItem({ pro_network_id: 1009 }, 0)).toEqual({
      kind: 'lookup',
      identifier: 1009,
      by: 'pro_network_id',
      value: 1009,
    });
    expect(parseSaveItem({ domain: 'https://www.globex.com/about' }, 0)).toEqual({
      kind: 'lookup',
      identifier: 'https://www.globex.com/about',
      by: 'domain',
      value: 'globex.com',
    });
    expect(parseSaveItem({ pro_network_url: 'https://pronet.example/company/x' }, 0)).toMatchObject({
      kind: 'lookup',
      by: 'pro_network_url',
    });
  });

  it('puts items that cannot identify a company in invalid, naming unusable keys in skipped', () => {
    // A string item is an id: an unusable one is skipped as `id`, like {"id": …}.
    expect(parseSaveItem('not-a-company-id', 0)).toMatchObject({
      kind: 'invalid',
      identifier: 'not-a-company-id',
      skipped: ['id'],
    });
    expect(parseSaveItem({ id: 'nope' }, 0)).toMatchObject({ kind: 'invalid', identifier: 'nope', skipped: ['id'] });
    expect(parseSaveItem(ID.toUpperCase(), 0)).toMatchObject({ kind: 'invalid', skipped: ['id'] });
    expect(parseSaveItem({ name: 'Stark Industries' }, 0)).toMatchObject({
      kind: 'invalid',
      identifier: null,
      skipped: ['name'],
    });
    expect(parseSaveItem({}, 0)).toMatchObject({ kind: 'invalid', skipped: [] });
    expect(parseSaveItem({ domain: 'nope' }, 0)).toMatchObject({
      kind: 'invalid',
      identifier: 'nope',
      skipped: ['domain'],
    });
    expect(parseSaveItem({ pro_network_url: 'https://pronet.example/' }, 0)).toMatchObject({
      kind: 'invalid',
      skipped: ['pro_network_url'],
    });
    expect(parseSaveItem({ pro_network_id: 1.5 }, 0)).toMatchObject({
      kind: 'invalid',
      identifier: 1.5,
      skipped: ['pro_network_id'],
    });
    expect(parseSaveItem({ pro_network_id: -3 }, 0)).toMatchObject({ kind: 'invalid' });
    // A usable key wins; other keys are ignored.
    expect(parseSaveItem({ id: ID, name: 'Globex' }, 0)).toMatchObject({ kind: 'lookup', by: 'id' });
  });

  it('rejects the request for items of the wrong type and lookup values of the wrong type', () => {
    for (const item of [42, true, null, [ID]])
      expect(inputError(() => parseSaveItem(item, 3))).toMatchObject({ field: 'data[3]', code: 'invalid_value' });
    expect(inputError(() => parseSaveItem({ id: 7 }, 1))).toMatchObject({ field: 'data[1].id', code: 'invalid_value' });
    expect(inputError(() => parseSaveItem({ pro_network_id: '1009' }, 1))).toMatchObject({
      field: 'data[1].pro_network_id',
      code: 'invalid_value',
    });
    expect(inputError(() => parseSaveItem({ domain: null }, 2))).toMatchObject({
      field: 'data[2].domain',
      code: 'invalid_value',
    });
  });

  it('rejects an unknown key inside an item as unknown_field with its path and the allowed keys', () => {
    const error = inputError(() => parseSaveItem({ id2: ID }, 3));
    expect(error).toMatchObject({ field: 'data[3].id2', code: 'unknown_field' });
    expect(error.extra).toEqual({ allowed_fields: ['domain', 'id', 'name', 'pro_network_id', 'pro_network_url'] });
    expect(inputError(() => parseSaveItem({ name: 'Stark', website_text: 'x' }, 0))).toMatchObject({
      field: 'data[0].website_text',
      code: 'unknown_field',
    });
    expect(inputError(() => parseSaveItem({ domain: 'globex.com', extra: 1 }, 1))).toMatchObject({
      field: 'data[1].extra',
      code: 'unknown_field',
    });
  });

  it('rejects one item with two lookup keys as conflicting_fields, even when both name the same company', () => {
    expect(inputError(() => parseSaveItem({ id: ID, domain: 'hooli.xyz' }, 0))).toMatchObject({
      field: 'data[0]',
      code: 'conflicting_fields',
    });
    expect(
      inputError(() =>
        parseSaveItem({ domain: 'globex.com', pro_network_url: 'https://pronet.example/company/globex' }, 0),
      ),
    ).toMatchObject({ code: 'conflicting_fields' });
  });

  it('counts every item without an id (1 enrich unit each), name-only and empty ones too, and allows at most 50', () => {
    expect(lacksId(ID)).toBe(false);
    expect(lacksId('not-an-id')).toBe(false);
    expect(lacksId({ id: ID })).toBe(false);
    expect(lacksId({ id: 'bad' })).toBe(false);
    expect(lacksId({ name: 'x' })).toBe(true);
    expect(lacksId({})).toBe(true);
    expect(lacksId({ domain: 'nope' })).toBe(true);
    const names = Array.from({ length: 51 }, (_, i) => ({ name: `Company ${i}` }));
    expect(inputError(() => parseSaveItems(names))).toMatchObject({ field: 'data', code: 'out_of_range' });
    expect(parseSaveItems(names.slice(1)).enrichUnits).toBe(50);
    const fifty = Array.from({ length: 50 }, (_, i) => ({ domain: `d${i}.example` }));
    expect(parseSaveItems([...fifty, ID, { id: ID }]).enrichUnits).toBe(50);
    expect(inputError(() => parseSaveItems([...fifty, { pro_network_id: 1 }]))).toMatchObject({
      field: 'data',
      code: 'out_of_range',
    });
  });
});
