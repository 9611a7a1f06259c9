import { FAILED_REASON, toSaveAnswer } from './save-answer';
import { parseSaveItem } from './save-items';

const A = '5c0000000000000000000001';
const B = '5c0000000000000000000002';
const C = '5c0000000000000000000003';

describe('company save answer', () => {
  it('puts every item in exactly one bucket, in request order, each with its index in data, with counts and credits null', () => {
    const raw = [A, { domain: 'globex.com' }, { id: B }, { pro_network_id: 77 }, 'nope', { name: 'Stark' }, { id: C }];
    const items = raw.map(parseSaveItem);
    const resolved = [A, A, B, null, null, null, C];
    const outcome = { saved_at: '2026-11-22T00:00:00.000Z', list_ids: ['lst_1'], all_list_ids: ['lst_0', 'lst_1'] };
    const { data, metadata } = toSaveAnswer(
      items,
      resolved,
      new Map([
        [A, outcome],
        [B, { ...outcome, list_ids: [] }],
      ]),
    );
    expect(data.saved.map((s) => [s.index, s.identifier, s.id, s.matched_by])).toEqual([
      [0, A, A, 'id'],
      [1, 'globex.com', A, 'domain'],
      [2, B, B, 'id'],
    ]);
    expect(data.saved[0]).toMatchObject({
      list_ids: ['lst_1'],
      all_list_ids: ['lst_0', 'lst_1'],
      saved_at: outcome.saved_at,
    });
    expect(data.not_matched).toEqual([{ index: 3, identifier: 77, attempted: ['pro_network_id'] }]);
    expect(data.invalid.map((x) => [x.index, x.identifier, x.skipped])).toEqual([
      [4, 'nope', ['id']],
      [5, null, ['name']],
    ]);
    expect(data.failed).toEqual([{ index: 6, identifier: C, id: C, reason: FAILED_REASON, retryable: true }]);
    expect(metadata).toEqual({
      total: 7,
      saved_count: 3,
      not_matched_count: 1,
      invalid_count: 2,
      failed_count: 1,
      credits: null,
    });
    expect(metadata.saved_count + metadata.not_matched_count + metadata.invalid_count + metadata.failed_count).toBe(
      metadata.total,
    );
  });
});
