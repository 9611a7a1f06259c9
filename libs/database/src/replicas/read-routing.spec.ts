import { fromSortableLsn, parseLsn, sortableLsn } from './lsn';
import { ReplicaHealth, replicaRefusal, routeRead } from './read-routing';

const V = 'db1.3';
const healthy = (over: Partial<ReplicaHealth> = {}): ReplicaHealth => ({
  up: true,
  inRecovery: true,
  lagMs: 0,
  replayLsn: 1000n,
  datasetVersion: V,
  ...over,
});

describe('routeRead', () => {
  it('keeps every read on the primary without replicas, and that is no fallback', () => {
    expect(routeRead([], V, 10_000, { kind: 'plain' }, 0)).toEqual({ target: 'primary', reason: null });
  });

  it('takes healthy replicas in turn', () => {
    const replicas = [healthy(), healthy()];
    expect([0, 1, 2, 3].map((start) => routeRead(replicas, V, 10_000, { kind: 'plain' }, start))).toEqual([
      { target: 0 },
      { target: 1 },
      { target: 0 },
      { target: 1 },
    ]);
  });

  it('skips a replica that may not take the read', () => {
    expect(routeRead([healthy({ up: false }), healthy()], V, 10_000, { kind: 'plain' }, 0)).toEqual({ target: 1 });
  });

  it.each([
    ['replica_down', { up: false }],
    ['not_a_replica', { inRecovery: false }],
    ['replica_lagging', { lagMs: 10_001 }],
    ['dataset_behind', { datasetVersion: 'db1.2' }],
  ] as const)('falls back to the primary with %s', (reason, over) => {
    expect(routeRead([healthy(over)], V, 10_000, { kind: 'plain' }, 0)).toEqual({ target: 'primary', reason });
  });

  it('sends a dependent read to a replica that replayed the workspace write, else to the primary', () => {
    expect(
      routeRead([healthy({ replayLsn: 1000n })], V, 10_000, { kind: 'dependent', workspaceLsn: 1000n }, 0),
    ).toEqual({ target: 0 });
    expect(routeRead([healthy({ replayLsn: 999n })], V, 10_000, { kind: 'dependent', workspaceLsn: 1000n }, 0)).toEqual(
      { target: 'primary', reason: 'read_your_writes' },
    );
    expect(
      routeRead(
        [healthy({ replayLsn: 999n }), healthy({ replayLsn: 2000n })],
        V,
        10_000,
        { kind: 'dependent', workspaceLsn: 1000n },
        0,
      ),
    ).toEqual({ target: 1 });
  });

  it('sends a dependent read of a workspace without a recent write to a replica', () => {
    expect(routeRead([healthy({ replayLsn: null })], V, 10_000, { kind: 'dependent', workspaceLsn: null }, 0)).toEqual({
      target: 0,
    });
  });

  it('sends a dependent read to the primary when the write position is unknown (Redis away)', () => {
    expect(routeRead([healthy()], V, 10_000, { kind: 'dependent', workspaceLsn: undefined }, 0)).toEqual({
      target: 'primary',
      reason: 'write_position_unknown',
    });
  });

  it('lets a plain read ignore the workspace position', () => {
    expect(replicaRefusal(healthy({ replayLsn: 1n }), V, 10_000, { kind: 'plain', workspaceLsn: 5n })).toBeNull();
  });

  it('names read-your-writes over another refusal', () => {
    expect(
      routeRead(
        [healthy({ up: false }), healthy({ replayLsn: 1n })],
        V,
        10_000,
        { kind: 'dependent', workspaceLsn: 5n },
        0,
      ),
    ).toEqual({ target: 'primary', reason: 'read_your_writes' });
  });
});

describe('WAL positions', () => {
  it('parses PostgreSQL positions and orders them as strings too', () => {
    expect(parseLsn('0/3000148')).toBe(0x3000148n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    const a = sortableLsn(parseLsn('0/FFFFFFFF'));
    const b = sortableLsn(parseLsn('1/0'));
    expect(a < b).toBe(true);
    expect(fromSortableLsn(b)).toBe(1n << 32n);
    expect(() => parseLsn('nope')).toThrow();
  });
});
