import { pruneStatement, PRUNE_ORDER } from './history-pruning';

describe('pruneStatement', () => {
  it('bounds every statement and prunes tasks before the events they keep', () => {
    for (const table of PRUNE_ORDER) expect(pruneStatement(table, 5000)).toContain('LIMIT 5000');
    expect(PRUNE_ORDER.indexOf('tasks')).toBeLessThan(PRUNE_ORDER.indexOf('events'));
  });

  it('never touches pending tasks or unrelayed events', () => {
    expect(pruneStatement('tasks', 10).match(/state <> 'pending'/g)).toHaveLength(2);
    expect(pruneStatement('events', 10)).toContain('relayed_at IS NOT NULL');
    expect(pruneStatement('events', 10)).toMatch(
      /NOT EXISTS \(SELECT 1 FROM webhook_tasks t WHERE t\.event_id = e\.id\)/,
    );
  });
});
