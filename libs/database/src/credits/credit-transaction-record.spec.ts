import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREDIT_TRANSACTION_REASONS, toCreditTransaction } from './credit-transaction-record';

describe('toCreditTransaction', () => {
  it('answers bigint columns (strings from node-postgres) as numbers and the time in ISO 8601 UTC', () => {
    const record = toCreditTransaction({
      id: 'ctx_01JD4N7Q8W3ZV6P2K5M9XGRT0A',
      amount: '-3',
      balance_after: '999999999997',
      reason: 'people_save',
      request_id: 'req-1',
      details: { charged: 3 },
      created_at: new Date('2026-11-22T10:00:00.123+02:00'),
    });
    expect(record).toEqual({
      id: 'ctx_01JD4N7Q8W3ZV6P2K5M9XGRT0A',
      amount: -3,
      balance_after: 999_999_999_997,
      reason: 'people_save',
      request_id: 'req-1',
      details: { charged: 3 },
      created_at: '2026-11-22T08:00:00.123Z',
    });
  });

  it('takes a time given as text and answers a missing details object as {}', () => {
    const record = toCreditTransaction({
      id: 'ctx_1',
      amount: 5,
      balance_after: 5,
      reason: 'opening_balance',
      request_id: null,
      details: null,
      created_at: '2026-11-22 10:00:00.5+00',
    });
    expect(record).toMatchObject({
      amount: 5,
      balance_after: 5,
      request_id: null,
      details: {},
      created_at: '2026-11-22T10:00:00.500Z',
    });
  });
});

describe('CREDIT_TRANSACTION_REASONS', () => {
  it("is the set the migration's CHECK accepts, so the API filter cannot drift from the table", () => {
    const migration = readFileSync(join(__dirname, '../migrations/1763770400000-credits-and-exports.ts'), 'utf8');
    const check = /reason text NOT NULL CHECK \(reason IN \(([^)]*)\)\)/.exec(migration);
    expect(check).not.toBeNull();
    const allowed = check![1].split(',').map((r) => r.trim().replace(/^'|'$/g, ''));
    expect([...CREDIT_TRANSACTION_REASONS].sort()).toEqual(allowed.sort());
    expect(new Set(CREDIT_TRANSACTION_REASONS).size).toBe(CREDIT_TRANSACTION_REASONS.length);
  });
});
