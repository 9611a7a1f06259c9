import { allOf, anyOf, checkPlaceholders, none, SqlParams } from './sql-params';

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

describe('SqlParams.statement and checkPlaceholders', () => {
  it('number on after the values of an embedded statement', () => {
    const inner = new SqlParams();
    const where = `p.id = ANY(${inner.add(['a'], 'bpchar[]')})`;
    const outer = new SqlParams(inner.values);
    const ws = outer.add('ws_1', 'text');
    const s = outer.statement(
      'wrapped',
      `WITH s AS (SELECT p.id FROM people p WHERE ${where}) SELECT count(*) FROM s WHERE ${ws} <> ''`,
    );
    expect(s.values).toEqual([['a'], 'ws_1']);
    expect(inner.values).toEqual([['a']]); // the embedded statement keeps its own
    expect(s.text).toContain('$2::text');
  });

  it('refuses a value the text never reads (PostgreSQL cannot type it), an untyped placeholder and one without a value', () => {
    expect(() => checkPlaceholders('page', 'SELECT p.id FROM people p LIMIT $2::int', 2)).toThrow(
      'statement "page": $1 is never read',
    );
    expect(() => checkPlaceholders('page', 'SELECT $1::int, $2', 2)).toThrow('statement "page": $2 has no cast');
    expect(() => checkPlaceholders('page', 'SELECT $1::int, $3::int', 2)).toThrow(
      'statement "page": $3 has no value (2 values)',
    );
    expect(() => checkPlaceholders('page', 'SELECT $0::int', 0)).toThrow('$0 has no value');
    // $1 and $10 are told apart; a value read twice is fine.
    const ten = Array.from({ length: 10 }, (_, i) => `$${i + 1}::int`).join(' + ');
    expect(() => checkPlaceholders('sum', `SELECT ${ten}, $10::int`, 10)).not.toThrow();
    expect(() => checkPlaceholders('sum', 'SELECT $10::int', 10)).toThrow('$1 is never read');
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

describe('SqlParams.addOpaque', () => {
  it('wraps the placeholder in a scalar subquery, so the planner estimates the rows it selects from the column as a whole', () => {
    const p = new SqlParams();
    expect(p.addOpaque('ws_1', 'text')).toBe('(SELECT $1::text)');
    expect(p.addOpaque('ws_1', 'text')).toBe('(SELECT $1::text)'); // still one value
    // An array is cast again, or `= ANY((SELECT …))` would compare with each row of the subquery.
    expect(p.addOpaque(['l1'], 'text[]')).toBe('(SELECT $2::text[])::text[]');
  });
});
