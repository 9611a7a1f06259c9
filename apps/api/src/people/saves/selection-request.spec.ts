import { apiErrorOf } from '@test/support/api-error-of';
import {
  isScopedToSaved,
  isWholeListSelection,
  MAX_LIMIT,
  MAX_WHOLE_LIST_LIMIT,
  parseSelection,
  searchUnits,
  SelectionBody,
} from './selection-request';

const ID = '5e0000000000000000000001';

const payloadOf = (body: SelectionBody, purpose: 'preview' | 'save' = 'preview') =>
  apiErrorOf(() => parseSelection(body, purpose)).payload;

describe('preview and save body', () => {
  it('needs exactly one of data and filters', () => {
    expect(payloadOf({})).toMatchObject({ field: 'data', code: 'conflicting_fields' });
    expect(payloadOf({ data: [ID], filters: {} })).toMatchObject({ field: 'data', code: 'conflicting_fields' });
    expect(parseSelection({ data: [ID] }, 'preview').kind).toBe('data');
    expect(parseSelection({ filters: {} }, 'preview').kind).toBe('filters');
  });

  it('rejects exclude_ids and limit next to data', () => {
    expect(payloadOf({ data: [ID], limit: 3 })).toMatchObject({ field: 'limit', code: 'conflicting_fields' });
    expect(payloadOf({ data: [ID], exclude_ids: [ID] })).toMatchObject({
      field: 'exclude_ids',
      code: 'conflicting_fields',
    });
  });

  it('takes 1-25,000 items with at most 50 URL objects', () => {
    expect(payloadOf({ data: [] })).toMatchObject({ field: 'data', code: 'out_of_range' });
    expect(payloadOf({ data: Array(25_001).fill(ID) })).toMatchObject({ field: 'data', code: 'out_of_range' });
    expect(parseSelection({ data: Array(25_000).fill(ID) }, 'preview').kind).toBe('data');
    const urls = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ pro_network_url: `https://pronet.example/in/p-${i}` }));
    expect(payloadOf({ data: urls(51) })).toMatchObject({ field: 'data', code: 'out_of_range' });
    expect(parseSelection({ data: urls(50) }, 'preview').kind).toBe('data');
  });

  it('reads each item: ids, URL objects, and anything else as invalid with a reason', () => {
    const selection = parseSelection(
      {
        data: [
          ID,
          'ABC',
          ID.toUpperCase(),
          { pro_network_url: 'https://www.PRONET.example/in/ana/' },
          { pro_network_url: '  ' },
          { id: ID },
          { pro_network_url: 'x', note: 1 },
          42,
          null,
        ],
      },
      'save',
    );
    if (selection.kind !== 'data') throw new Error('expected data');
    expect(selection.items.map((i) => i.kind)).toEqual([
      'id',
      'invalid',
      'invalid',
      'url',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect(selection.items[3]).toEqual({
      kind: 'url',
      identifier: 'https://www.PRONET.example/in/ana/',
      key: 'pronet.example/in/ana',
    });
    expect(selection.items[6]).toMatchObject({ identifier: 'x' });
    for (const item of selection.items.filter((i) => i.kind === 'invalid'))
      expect(item).toHaveProperty('reason', expect.any(String));
  });

  it('limits a filters selection to 1-25,000, default 25,000', () => {
    expect(payloadOf({ filters: { person_seniority: { include: ['VP'] } }, limit: 0 })).toMatchObject({
      field: 'limit',
      code: 'out_of_range',
    });
    expect(payloadOf({ filters: { person_seniority: { include: ['VP'] } }, limit: 25_001 })).toMatchObject({
      field: 'limit',
      code: 'out_of_range',
    });
    expect(parseSelection({ filters: {} }, 'preview')).toMatchObject({ limit: MAX_LIMIT });
  });

  it('lets a whole-list preview go to 1,000,000, by default, but never a save or one with exclude_ids', () => {
    const oneList = { lists: { include: ['lst_1'] } };
    expect(parseSelection({ filters: oneList }, 'preview')).toMatchObject({ limit: MAX_WHOLE_LIST_LIMIT });
    expect(
      parseSelection({ filters: { lists: { saved: 'without_list' } }, limit: 1_000_000 }, 'preview'),
    ).toMatchObject({ limit: 1_000_000 });
    expect(payloadOf({ filters: oneList, limit: 1_000_001 })).toMatchObject({ field: 'limit', code: 'out_of_range' });
    expect(payloadOf({ filters: oneList, limit: 30_000, exclude_ids: [ID] })).toMatchObject({
      field: 'limit',
      code: 'out_of_range',
    });
    expect(payloadOf({ filters: oneList, limit: 30_000 }, 'save')).toMatchObject({
      field: 'limit',
      code: 'out_of_range',
    });
    expect(parseSelection({ filters: oneList }, 'save')).toMatchObject({ limit: MAX_LIMIT });
  });

  it('recognises the whole-list shapes only', () => {
    expect(isWholeListSelection({ lists: { include: ['a'] } })).toBe(true);
    expect(isWholeListSelection({ lists: { saved: 'any' } })).toBe(true);
    expect(isWholeListSelection({ lists: { saved: 'without_list' } })).toBe(true);
    expect(isWholeListSelection({ lists: { saved: 'none' } })).toBe(false);
    expect(isWholeListSelection({ lists: { include: ['a', 'b'] } })).toBe(false);
    expect(isWholeListSelection({ lists: { include: ['a'], saved: 'any' } })).toBe(false);
    expect(isWholeListSelection({ lists: { include: ['a'] }, sort_by: 'person_first_name' })).toBe(false);
  });

  it('checks exclude_ids', () => {
    expect(payloadOf({ filters: {}, exclude_ids: [ID, 'nope'] })).toMatchObject({
      field: 'exclude_ids[1]',
      code: 'invalid_format',
    });
    expect(parseSelection({ filters: {}, exclude_ids: [ID, ID] }, 'preview')).toMatchObject({ excludeIds: [ID] });
  });

  it('spends 1 search unit per started 500 items, 1 per filters selection, 0 when scoped to saved people', () => {
    expect(searchUnits(parseSelection({ data: Array(500).fill(ID) }, 'preview'))).toBe(1);
    expect(searchUnits(parseSelection({ data: Array(501).fill(ID) }, 'preview'))).toBe(2);
    expect(searchUnits(parseSelection({ data: Array(25_000).fill(ID) }, 'preview'))).toBe(50);
    expect(searchUnits(parseSelection({ filters: { person_seniority: { include: ['VP'] } } }, 'preview'))).toBe(1);
    expect(
      searchUnits(
        parseSelection({ filters: { lists: { include: ['a'] }, person_seniority: { include: ['VP'] } } }, 'preview'),
      ),
    ).toBe(0);
  });

  it('knows which filters reach only saved people', () => {
    expect(isScopedToSaved({ lists: { saved: 'any' } })).toBe(true);
    expect(isScopedToSaved({ lists: { saved_at: { from: '2026-01-01' } } })).toBe(true);
    expect(isScopedToSaved({ contact_details: { email: { revealed: true } } })).toBe(true);
    expect(isScopedToSaved({ lists: { saved: 'none' } })).toBe(false);
    expect(isScopedToSaved({ lists: { exclude: ['a'] } })).toBe(false);
    expect(isScopedToSaved({ contact_details: { email: { revealed: false } } })).toBe(false);
  });
});
