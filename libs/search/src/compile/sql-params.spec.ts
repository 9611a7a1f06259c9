import { allOf, anyOf, none, SqlParams } from './sql-params';

describe('SqlParams', () => {
  it('numbers placeholders in order and types them', () => {
    const p = new SqlParams();
    expect(p.add(['a'], 'text[]')).toBe('$1::text[]');
    expect(p.add(5, 'int')).toBe('$2::int');
    expect(p.values).toEqual([['a'], 5]);
  });

  it('sends a repeated scalar once, but never shares arrays (they may differ later)', () => {
    const p = new SqlParams();
    expect(p.add('ws_1', 'text')).toBe('$1::text');
    expect(p.add('ws_1', 'text')).toBe('$1::text');
    expect(p.add('ws_1', 'date')).toBe('$2::date');
    expect(p.add(['x'], 'text[]')).toBe('$3::text[]');
    expect(p.add(['x'], 'text[]')).toBe('$4::text[]');
    expect(p.values).toHaveLength(4);
  });
});

describe('condition combinators', () => {
  it('answer the neutral element for no conditions', () => {
    expect(allOf([])).toBe('true');
    expect(anyOf([])).toBe('false');
  });

  it('parenthesise every member so OR never binds into an AND', () => {
    expect(allOf(['a OR b', 'c'])).toBe('(a OR b) AND (c)');
    expect(anyOf(['a AND b', 'c'])).toBe('(a AND b) OR (c)');
  });

  it('none() keeps rows where the condition is unknown', () => {
    expect(none('x = 1')).toBe('NOT COALESCE(x = 1, false)');
  });
});
