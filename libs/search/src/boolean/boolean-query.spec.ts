import {
  BOOLEAN_SEARCH_LIMITS,
  booleanTerms,
  BooleanSearchError,
  parseBooleanSearch,
  type BooleanNode,
  type TermMatch,
} from './boolean-query';

const term = (text: string, position: number, match: TermMatch = 'contains'): BooleanNode => ({
  kind: 'term',
  match,
  text,
  position,
});

/** The error parseBooleanSearch throws for `input`; fails the test when it throws anything else or nothing. */
function errorOf(input: string): BooleanSearchError {
  try {
    parseBooleanSearch(input);
  } catch (error) {
    if (error instanceof BooleanSearchError) return error;
    throw error;
  }
  throw new Error(`no error for ${JSON.stringify(input.slice(0, 200))}`);
}

/** Asserts the code and position, and that the message names the position as one sentence. */
function expectError(input: string, code: BooleanSearchError['code'], position: number): BooleanSearchError {
  const error = errorOf(input);
  expect({ code: error.code, position: error.position }).toEqual({ code, position });
  expect(error.message).toContain(`at position ${position}`);
  expect(error.message).toMatch(/^[A-Z!'(`)].*[^.]\.$/s);
  return error;
}

/** `count` terms "t1 OR t2 …", each two letters and unique enough. */
const orOf = (count: number): string =>
  Array.from({ length: count }, (_, i) => `t${String.fromCharCode(97 + (i % 26))}`).join(' OR ');

describe('parseBooleanSearch: the conformance examples', () => {
  it("parses 'Software Engineer' AND !Senior", () => {
    expect(parseBooleanSearch("'Software Engineer' AND !Senior")).toStrictEqual({
      kind: 'and',
      nodes: [term('Software Engineer', 1), { kind: 'not', node: term('Senior', 26), position: 25 }],
    });
  });

  it('parses (Sales OR Marketing) AND Manager', () => {
    expect(parseBooleanSearch('(Sales OR Marketing) AND Manager')).toStrictEqual({
      kind: 'and',
      nodes: [{ kind: 'or', nodes: [term('Sales', 2), term('Marketing', 11)] }, term('Manager', 26)],
    });
  });

  it('rejects Sales AND Marketing OR Manager at the OR', () => {
    const error = expectError('Sales AND Marketing OR Manager', 'invalid_format', 21);
    expect(error.message).toMatch(/parentheses/);
  });
});

describe('parseBooleanSearch: terms', () => {
  it('reads each quote kind and a bareword, trimming inside the quotes', () => {
    expect(parseBooleanSearch('Sales')).toStrictEqual(term('Sales', 1));
    expect(parseBooleanSearch("  ' Sales  Manager ' ")).toStrictEqual(term('Sales  Manager', 3));
    expect(parseBooleanSearch('"Sales Manager"')).toStrictEqual(term('Sales Manager', 1, 'exact'));
    expect(parseBooleanSearch('`VP Sales`')).toStrictEqual(term('VP Sales', 1, 'ordered'));
  });

  it('takes the other quote characters and parentheses literally inside quotes', () => {
    expect(parseBooleanSearch(`"Men's (Retail) Buyer"`)).toStrictEqual(term("Men's (Retail) Buyer", 1, 'exact'));
    expect(parseBooleanSearch("'AND OR !'")).toStrictEqual(term('AND OR !', 1));
  });

  it("keeps apostrophes inside a bareword (Men's)", () => {
    expect(parseBooleanSearch("Men's AND Buyer")).toStrictEqual({
      kind: 'and',
      nodes: [term("Men's", 1), term('Buyer', 11)],
    });
  });

  it('treats only upper-case AND and OR as keywords', () => {
    expect(parseBooleanSearch("'and' OR 'AND' OR Android OR ORACLE")).toStrictEqual({
      kind: 'or',
      nodes: [term('and', 1), term('AND', 10), term('Android', 19), term('ORACLE', 30)],
    });
    expectError('Sales and Marketing', 'invalid_format', 7);
    expectError('Sales or Marketing', 'invalid_format', 7);
  });

  it('separates tokens by spaces, tabs and newlines, and needs none around parentheses and !', () => {
    expect(parseBooleanSearch('Sales\tAND\n\r\nManager')).toStrictEqual({
      kind: 'and',
      nodes: [term('Sales', 1), term('Manager', 13)],
    });
    expect(parseBooleanSearch('(Sales)AND!(Intern)')).toStrictEqual({
      kind: 'and',
      nodes: [term('Sales', 2), { kind: 'not', node: term('Intern', 13), position: 11 }],
    });
    expect(parseBooleanSearch('! Intern')).toStrictEqual({ kind: 'not', node: term('Intern', 3), position: 1 });
  });

  it('counts positions in UTF-16 units and term lengths in characters', () => {
    // U+20000 is a letter outside the BMP: two UTF-16 units each.
    expect(parseBooleanSearch('\u{20000}\u{20000} OR Jürgen')).toStrictEqual({
      kind: 'or',
      nodes: [term('\u{20000}\u{20000}', 1), term('Jürgen', 9)],
    });
  });
});

describe('parseBooleanSearch: structure', () => {
  it('chains one operator at a level into one node', () => {
    expect(parseBooleanSearch('ab OR cd OR ef')).toStrictEqual({
      kind: 'or',
      nodes: [term('ab', 1), term('cd', 7), term('ef', 13)],
    });
    expect(parseBooleanSearch('ab AND cd AND ef')).toStrictEqual({
      kind: 'and',
      nodes: [term('ab', 1), term('cd', 8), term('ef', 15)],
    });
  });

  it('nests groups and keeps each level as written', () => {
    expect(parseBooleanSearch('((CTO OR CEO) AND \'Founder\') OR ("Owner" AND !(Intern OR Assistant))')).toStrictEqual({
      kind: 'or',
      nodes: [
        { kind: 'and', nodes: [{ kind: 'or', nodes: [term('CTO', 3), term('CEO', 10)] }, term('Founder', 19)] },
        {
          kind: 'and',
          nodes: [
            term('Owner', 34, 'exact'),
            { kind: 'not', node: { kind: 'or', nodes: [term('Intern', 48), term('Assistant', 58)] }, position: 46 },
          ],
        },
      ],
    });
  });

  it('returns a parenthesised single expression unwrapped', () => {
    expect(parseBooleanSearch('((Sales))')).toStrictEqual(term('Sales', 3));
    expect(parseBooleanSearch('(!Sales)')).toStrictEqual({ kind: 'not', node: term('Sales', 3), position: 2 });
  });

  it('negates a group of quoted terms', () => {
    expect(parseBooleanSearch('!("a b" OR `c d`)')).toStrictEqual({
      kind: 'not',
      node: { kind: 'or', nodes: [term('a b', 3, 'exact'), term('c d', 12, 'ordered')] },
      position: 1,
    });
  });

  it('lets a lone negated term stand as the whole search', () => {
    expect(parseBooleanSearch('!Senior')).toStrictEqual({ kind: 'not', node: term('Senior', 2), position: 1 });
  });
});

describe('parseBooleanSearch: limits (out_of_range)', () => {
  it('has the documented limits', () => {
    expect(BOOLEAN_SEARCH_LIMITS).toEqual({
      maxLength: 20000,
      maxTerms: 500,
      maxDepth: 5,
      minTermLength: 2,
      maxTermLength: 100,
    });
  });

  it('takes 500 terms and rejects the 501st at its position', () => {
    expect(booleanTerms(parseBooleanSearch(orOf(500)))).toHaveLength(500);
    // "ta OR " is 6 characters, so term n starts at 6(n - 1) + 1.
    expectError(orOf(501), 'out_of_range', 3001);
    const split = `(${orOf(400)}) AND (${orOf(101)})`;
    expectError(split, 'out_of_range', split.lastIndexOf('t') + 1);
  });

  it('counts negated and quoted terms too', () => {
    const terms = Array.from({ length: 501 }, (_, i) => (i % 2 ? `!'ab'` : '"cd"'));
    const search = terms.join(' OR ');
    expectError(search, 'out_of_range', search.lastIndexOf('"cd"') + 1);
  });

  it('takes groups 5 deep and rejects the 6th nested ( at its position', () => {
    expect(parseBooleanSearch('(((((Sales)))))')).toStrictEqual(term('Sales', 6));
    expect(parseBooleanSearch('!(ab AND !(cd OR !(ef AND !(gh OR !(ij)))))')).toBeDefined();
    expectError('((((((Sales))))))', 'out_of_range', 6);
    expectError('ab OR (cd AND (ef OR (gh AND (ij OR (kl AND (mn))))))', 'out_of_range', 45);
  });

  it('counts depth by nesting, not by the number of groups', () => {
    const five = '(((((ab)))))';
    expect(booleanTerms(parseBooleanSearch(Array.from({ length: 50 }, () => five).join(' OR ')))).toHaveLength(50);
  });

  it.each([
    ['a bareword', (s: string) => s, 1],
    ['a single-quoted term', (s: string) => `'${s}'`, 1],
    ['a double-quoted term', (s: string) => `"${s}"`, 1],
    ['a backtick term', (s: string) => `\`${s}\``, 1],
    ['a later term', (s: string) => `Sales AND ${s}`, 11],
  ])('takes %s of 2 and 100 characters and rejects 1 and 101', (_, write, position) => {
    expect(booleanTerms(parseBooleanSearch(write('ab')))).toHaveLength(position === 1 ? 1 : 2);
    expect(booleanTerms(parseBooleanSearch(write('x'.repeat(100))))).toHaveLength(position === 1 ? 1 : 2);
    expectError(write('a'), 'out_of_range', position);
    expectError(write('x'.repeat(101)), 'out_of_range', position);
  });

  it('measures quoted terms after trimming, in characters', () => {
    expectError("'  a  '", 'out_of_range', 1);
    expect(parseBooleanSearch(`'  ${'x'.repeat(100)}  '`)).toStrictEqual(term('x'.repeat(100), 1));
    expect(parseBooleanSearch(`"${'é'.repeat(100)}"`)).toBeDefined();
    expect(parseBooleanSearch('\u{20000}\u{20000}')).toBeDefined(); // 2 characters, 4 UTF-16 units
    expect(parseBooleanSearch(`'${'\u{20000}'.repeat(100)}'`)).toBeDefined();
    expectError(`'${'\u{20000}'.repeat(101)}'`, 'out_of_range', 1);
    expectError("Sales AND ''", 'out_of_range', 11);
  });

  it('takes 20,000 characters and rejects 20,001 at position 20001', () => {
    // 200 terms of 96 letters joined by " OR " are 19,996 characters; 4 more on the first make 20,000.
    const search = Array.from({ length: 200 }, (_, i) =>
      String.fromCharCode(97 + (i % 26)).repeat(i === 0 ? 100 : 96),
    ).join(' OR ');
    expect(search).toHaveLength(20000);
    expect(booleanTerms(parseBooleanSearch(search))).toHaveLength(200);
    expectError(`${search} `, 'out_of_range', 20001);
    expectError(' '.repeat(20001), 'out_of_range', 20001);
  });
});

describe('parseBooleanSearch: syntax errors (invalid_format)', () => {
  it.each([
    ['empty input', '', 1],
    ['only whitespace', ' \t\n ', 1],
    ['an unclosed (', '(Sales OR Marketing', 1],
    ['an unclosed inner (', '(ab AND (cd OR ef)', 1],
    ['a ( at the end', 'Sales AND (', 11],
    ['an unmatched )', 'Sales)', 6],
    ['an unmatched ) after a group', '(ab OR cd)) AND ef', 11],
    ['a leading )', ') Sales', 1],
    ['empty parentheses', 'Sales AND ()', 11],
    ['empty parentheses with spaces', '( )', 1],
    ['an unterminated single quote', "'Sales Manager", 1],
    ['an unterminated double quote', 'Sales OR "Manager', 10],
    ['an unterminated backtick', 'Sales OR `VP Sales', 10],
    ['a dangling AND', 'Sales AND', 7],
    ['a dangling OR before )', '(Sales OR) AND ab', 8],
    ['a leading AND', 'AND Sales', 1],
    ['an OR right after (', '(OR Sales)', 2],
    ['two operators in a row', 'Sales OR OR Marketing', 10],
    ['a lone !', '!', 1],
    ['a ! at the end', 'Sales AND !', 11],
    ['a ! before an operator', '! AND Sales', 1],
    ['a ! before )', '(Sales AND !)', 12],
    ['a double !', '!!Sales', 1],
    ['a ! right after a bareword', 'Yahoo!', 6],
    ['mixed AND then OR', 'ab AND cd OR ef', 11],
    ['mixed OR then AND inside a group', 'ab AND (cd OR ef AND gh)', 18],
    ['two barewords', 'Sales Manager', 7],
    ['a bareword then a quoted term', "Sales 'Manager'", 7],
    ['a quoted term then a bareword', "'Sales'Manager", 8],
    ['a term then a group', 'Sales (Manager)', 7],
    ['two groups', '(ab) (cd)', 6],
    ['a term then !', 'Sales !Intern', 7],
    ['a stray &', 'Sales & Marketing', 7],
    ['a stray &&', 'Sales && Marketing', 7],
    ['a stray || after AND', 'Sales AND ||', 11],
    ['a quoted term without letters', "Sales AND '&&'", 11],
  ])('rejects %s', (_, input, position) => {
    expectError(input, 'invalid_format', position);
  });

  it('tells the user to quote a multi-word title or join the terms with AND', () => {
    expect(errorOf('Sales Manager').message).toMatch(/quote a multi-word title.*AND/);
  });

  it('tells the user to write ! when NOT was meant', () => {
    expect(errorOf('Sales AND NOT Intern').message).toMatch(/!/);
  });

  it('reports the first problem in reading order', () => {
    expectError("(ab OR cd)) AND 'ef", 'invalid_format', 11);
    expectError(`Sales Manager OR ${'x'.repeat(101)}`, 'invalid_format', 7);
    expectError(`${'x'.repeat(101)} Sales Manager`, 'out_of_range', 1);
  });

  it('throws a BooleanSearchError that is an Error', () => {
    const error = errorOf('(');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('BooleanSearchError');
    expect(error).toMatchObject({ code: 'invalid_format', position: 1 });
  });
});

describe('parseBooleanSearch: adversarial input', () => {
  const cases: Array<[string, string]> = [
    ['20,000 (', '('.repeat(20000)],
    ['20,000 )', ')'.repeat(20000)],
    ['20,000 !', '!'.repeat(20000)],
    ['a OR a OR …', 'a OR '.repeat(4000)],
    ['ab OR ab OR …', 'ab OR '.repeat(3333)],
    ['(ab) AND … five deep', '(((((ab))))) AND '.repeat(1176)],
    ['20,000 quotes', "'".repeat(20000)],
    ['quotes never closed', `'${'ab '.repeat(6666)}`],
    ['one 20,000-letter bareword', 'x'.repeat(20000)],
    ['alternating nesting and negation', '!('.repeat(10000)],
    [
      '500 long terms',
      Array.from({ length: 500 }, () => `'${'word '.repeat(7)}'`)
        .join(' OR ')
        .slice(0, 20000),
    ],
  ];

  it.each(cases)('answers %s within 200 ms', (_, input) => {
    expect(input.length).toBeLessThanOrEqual(20000);
    const started = performance.now();
    try {
      parseBooleanSearch(input);
    } catch (error) {
      expect(error).toBeInstanceOf(BooleanSearchError);
    }
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('booleanTerms', () => {
  it('lists every term left to right, inside groups and negations', () => {
    const tree = parseBooleanSearch('(ab OR !"cd") AND !(`ef` OR \'gh\')');
    expect(booleanTerms(tree).map((t) => [t.text, t.match, t.position])).toEqual([
      ['ab', 'contains', 2],
      ['cd', 'exact', 9],
      ['ef', 'ordered', 21],
      ['gh', 'contains', 29],
    ]);
  });

  it('answers a single term as itself', () => {
    expect(booleanTerms(term('Sales', 1))).toEqual([term('Sales', 1)]);
  });

  it('walks a hand-built tree deeper than any stack without recursing', () => {
    let node: BooleanNode = term('Sales', 1);
    for (let i = 0; i < 100000; i++)
      node = i % 2 ? { kind: 'not', node, position: 1 } : { kind: 'and', nodes: [node, term('ab', 1)] };
    expect(booleanTerms(node)).toHaveLength(50001);
  });
});
