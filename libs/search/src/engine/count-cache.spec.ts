import { countFollowsWorkspace, countIsCacheable, countKey } from './count-cache';

describe('countFollowsWorkspace', () => {
  it('tells counts that depend only on the data set', () => {
    expect(
      countFollowsWorkspace({ person_seniority: { include: ['VP'], exclude: [] }, sort_by: 'person_last_name' }),
    ).toBe(false);
    expect(countFollowsWorkspace({ contact_details: { email: { status: ['valid'] } } })).toBe(false);
  });

  it("from counts that follow the workspace's saves, lists, reveals or exports", () => {
    expect(countFollowsWorkspace({ lists: { include: [], exclude: [], saved: 'any' } })).toBe(true);
    expect(countFollowsWorkspace({ duplicates: { exclude_exported: true } })).toBe(true);
    expect(countFollowsWorkspace({ contact_details: { email: { revealed: false } } })).toBe(true);
    expect(countFollowsWorkspace({ contact_details: { phone: { revealed: true } } })).toBe(true);
    // The groups of a sort by save time (saved or not) follow the saves too.
    expect(countFollowsWorkspace({ sort_by: 'person_saved_at' })).toBe(true);
  });
});

describe('countIsCacheable', () => {
  it('never keeps a count that leaves out ids given with the request', () => {
    expect(countIsCacheable(undefined)).toBe(true);
    expect(countIsCacheable([])).toBe(true);
    expect(countIsCacheable(['a'.repeat(24)])).toBe(false);
  });
});

describe('countKey', () => {
  const vp = { person_seniority: { include: ['VP'], exclude: [] } };

  it('ignores the order (sort and direction change no count)', () => {
    expect(countKey('count', '3', '2026-11-22', { ...vp, sort_by: 'company_name', sort_direction: 'desc' })).toBe(
      countKey('count', '3', '2026-11-22', vp),
    );
  });

  it('changes with the data set version, the day, the kind of count and the filters', () => {
    const base = countKey('count', '3', '2026-11-22', vp);
    expect(countKey('count', '4', '2026-11-22', vp)).not.toBe(base);
    expect(countKey('count', '3', '2026-11-23', vp)).not.toBe(base);
    expect(countKey('capped:1', '3', '2026-11-22', vp)).not.toBe(base);
    expect(countKey('count', '3', '2026-11-22', { person_seniority: { include: ['Director'], exclude: [] } })).not.toBe(
      base,
    );
    expect(base).toMatch(/^search:count:v3:[A-Za-z0-9_-]{43}$/);
  });
});
