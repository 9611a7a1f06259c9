import { deleteInBatches, pruneStatement, PRUNE_ORDER } from './history-pruning';

describe('deleteInBatches', () => {
  it('repeats full batches and stops at the first short one', async () => {
    const answers = [3, 3, 1, 3];
    const calls: number[] = [];
    const total = await deleteInBatches(async () => {
      calls.push(1);
      return answers.shift()!;
    }, 3);
    expect(total).toBe(7);
    expect(calls).toHaveLength(3);
  });

  it('runs once when nothing is due', async () => {
    let calls = 0;
    expect(await deleteInBatches(async () => (calls++, 0), 5000)).toBe(0);
    expect(calls).toBe(1);
  });
});

describe('pruneStatement', () => {
  it('bounds every statement and prunes tasks before the events they keep', () => {
    for (const table of PRUNE_ORDER) expect(pruneStatement(table, 5000)).toContain('LIMIT 5000');
    expect(PRUNE_ORDER.indexOf('tasks')).toBeLessThan(PRUNE_ORDER.indexOf('events'));
  });

  it('never touches pending tasks or unrelayed events', () => {
    expect(pruneStatement('tasks', 10).match(/state <> 'pending'/g)).toHaveLength(2);
    expect(pruneStatement('events', 10)).toContain('relayed_at IS NOT NULL');
    expect(pruneStatement('events', 10)).toMatch(/NOT EXISTS \(SELECT 1 FROM webhook_tasks t WHERE t\.event_id = e\.id\)/);
  });
});
