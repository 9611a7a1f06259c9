/**
 * Parser of `person_job_title.boolean_search` (docs/people-search.md#boolean-titles):
 *
 *   bareword   contains         'single'   contains (a multi-word title)
 *   "double"   exact            `back`     words in this order, connectors bridged
 *   !x, !(..)  exclude          AND, OR    upper-case keywords; ( ) group
 *
 * A hand-written scanner and recursive-descent parser: every character is looked at a bounded
 * number of times, and recursion only happens at '(' after the depth check, so adversarial input
 * (20,000 '(' or 'a OR a OR …') fails or parses in linear time with a small, bounded stack.
 * Positions are 1-based indexes into the string (UTF-16 units, as JavaScript counts them);
 * term lengths count characters (code points), as the include/exclude title limits do.
 */

export type TermMatch = 'contains' | 'exact' | 'ordered';

export type BooleanNode =
  | { kind: 'term'; match: TermMatch; text: string; position: number } // text trimmed, quotes removed; position of its first character (the opening quote)
  | { kind: 'not'; node: BooleanNode; position: number } // position of the '!'
  | { kind: 'and' | 'or'; nodes: BooleanNode[] }; // at least 2 nodes; a parenthesised single expression is returned unwrapped

type TermNode = Extract<BooleanNode, { kind: 'term' }>;

export const BOOLEAN_SEARCH_LIMITS = {
  maxLength: 20000,
  maxTerms: 500,
  maxDepth: 5,
  minTermLength: 2,
  maxTermLength: 100,
} as const;

export class BooleanSearchError extends Error {
  constructor(
    readonly code: 'out_of_range' | 'invalid_format',
    readonly position: number,
    message: string,
  ) {
    super(message);
    this.name = 'BooleanSearchError';
  }
}

type Token =
  | { type: 'term'; position: number; term: TermNode }
  | { type: 'and' | 'or' | 'not' | 'open' | 'close' | 'end'; position: number };

const QUOTES: Readonly<Record<string, TermMatch>> = { "'": 'contains', '"': 'exact', '`': 'ordered' };
const QUOTE_NAMES: Readonly<Record<string, string>> = { "'": 'single quote', '"': 'double quote', '`': 'backtick' };
const HAS_WORD = /[\p{L}\p{N}]/u;
const isSpace = (c: string): boolean =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || /\s/.test(c);
// A bareword ends at whitespace, a parenthesis or '!'; quotes inside it are apostrophes ("Men's").
const endsBareword = (c: string): boolean => c === '(' || c === ')' || c === '!' || isSpace(c);

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const invalid = (position: number, message: string) => new BooleanSearchError('invalid_format', position, message);
const outOfRange = (position: number, message: string) => new BooleanSearchError('out_of_range', position, message);

/** Reads tokens on demand, so the first problem in reading order is the one reported. */
class Scanner {
  private index = 0;
  private terms = 0;

  constructor(private readonly input: string) {}

  next(): Token {
    const { input } = this;
    while (this.index < input.length && isSpace(input[this.index])) this.index++;
    const start = this.index;
    const position = start + 1;
    if (start >= input.length) return { type: 'end', position };
    const c = input[start];
    if (c === '(' || c === ')' || c === '!') {
      this.index++;
      return { type: c === '(' ? 'open' : c === ')' ? 'close' : 'not', position };
    }
    let text: string;
    let match: TermMatch;
    if (c === "'" || c === '"' || c === '`') {
      const close = input.indexOf(c, start + 1);
      if (close < 0)
        throw invalid(
          position,
          `The ${QUOTE_NAMES[c]} at position ${position} is never closed; end the term with a matching ${c}.`,
        );
      this.index = close + 1;
      text = input.slice(start + 1, close).trim();
      match = QUOTES[c];
    } else {
      let end = start;
      while (end < input.length && !endsBareword(input[end])) end++;
      this.index = end;
      text = input.slice(start, end);
      if (text === 'AND' || text === 'OR') return { type: text === 'AND' ? 'and' : 'or', position };
      if (!HAS_WORD.test(text))
        throw invalid(
          position,
          `Unexpected "${text.slice(0, 20)}" at position ${position}; join terms with AND or OR and quote titles that contain symbols.`,
        );
      match = 'contains';
    }
    const { maxTerms, minTermLength, maxTermLength } = BOOLEAN_SEARCH_LIMITS;
    if (++this.terms > maxTerms)
      throw outOfRange(
        position,
        `The term at position ${position} is term number ${this.terms}, but at most ${maxTerms} terms are allowed; remove some terms.`,
      );
    const length = codePoints(text);
    if (length < minTermLength || length > maxTermLength) {
      throw outOfRange(
        position,
        `The term at position ${position} is ${length} characters long; terms must be ${minTermLength}-${maxTermLength} characters.`,
      );
    }
    if (!HAS_WORD.test(text))
      throw invalid(position, `The term at position ${position} has no letters or digits; write a job title.`);
    return { type: 'term', position, term: { kind: 'term', match, text, position } };
  }
}

class Parser {
  private readonly scanner: Scanner;
  private token: Token;

  constructor(input: string) {
    this.scanner = new Scanner(input);
    this.token = this.scanner.next();
  }

  parse(): BooleanNode {
    if (this.token.type === 'end')
      throw invalid(1, 'The boolean search is empty at position 1; write at least one job title term.');
    const node = this.expression(0);
    // expression() stops only at ')' or the end.
    if (this.token.type === 'close')
      throw invalid(
        this.token.position,
        `The ')' at position ${this.token.position} has no matching '('; remove it or add the '('.`,
      );
    return node;
  }

  /** Moves to the next token and answers it (a call, so TypeScript does not keep narrowing a stale `this.token`). */
  private advance(): Token {
    this.token = this.scanner.next();
    return this.token;
  }

  /** Operands joined by one kind of operator; stops at ')' or the end. */
  private expression(depth: number): BooleanNode {
    const nodes = [this.unary(depth)];
    let operator: 'and' | 'or' | undefined;
    for (;;) {
      const t = this.token;
      if (t.type === 'close' || t.type === 'end') break;
      if (t.type === 'and' || t.type === 'or') {
        const word = t.type.toUpperCase();
        if (operator && operator !== t.type) {
          throw invalid(
            t.position,
            `${word} at position ${t.position} cannot be mixed with ${operator.toUpperCase()} at the same level; add parentheses, e.g. (Sales AND Marketing) OR Manager.`,
          );
        }
        operator = t.type;
        const next = this.advance();
        if (next.type === 'end' || next.type === 'close')
          throw invalid(
            t.position,
            `${word} at position ${t.position} has no term after it; add a term or remove the ${word}.`,
          );
        nodes.push(this.unary(depth));
        continue;
      }
      // A term, '!' or '(' right after an operand.
      const previous = nodes[nodes.length - 1];
      const hint =
        previous.kind === 'term' && previous.match === 'contains' && previous.text.toUpperCase() === 'NOT'
          ? 'write !Term to exclude a term'
          : "quote a multi-word title ('Sales Manager') or join the terms with AND";
      throw invalid(t.position, `AND or OR is missing at position ${t.position}; ${hint}.`);
    }
    return operator ? { kind: operator, nodes } : nodes[0];
  }

  private unary(depth: number): BooleanNode {
    if (this.token.type !== 'not') return this.primary(depth);
    const position = this.token.position;
    const next = this.advance();
    // No '!!': the operand must be a term or a group, which also keeps this non-recursive.
    if (next.type !== 'term' && next.type !== 'open') {
      throw invalid(position, `The ! at position ${position} must be followed by a term or a parenthesised group.`);
    }
    return { kind: 'not', node: this.primary(depth), position };
  }

  private primary(depth: number): BooleanNode {
    const t = this.token;
    switch (t.type) {
      case 'term': {
        this.advance();
        return t.term;
      }
      case 'open': {
        const { maxDepth } = BOOLEAN_SEARCH_LIMITS;
        if (depth >= maxDepth)
          throw outOfRange(
            t.position,
            `The '(' at position ${t.position} nests groups more than ${maxDepth} deep; flatten the expression.`,
          );
        const next = this.advance();
        if (next.type === 'close')
          throw invalid(
            t.position,
            `The parentheses at position ${t.position} are empty; put a term inside or remove them.`,
          );
        if (next.type === 'end')
          throw invalid(t.position, `The '(' at position ${t.position} is never closed; add a matching ')'.`);
        const node = this.expression(depth + 1);
        if (this.token.type !== 'close')
          throw invalid(t.position, `The '(' at position ${t.position} is never closed; add a matching ')'.`);
        this.advance();
        return node;
      }
      case 'and':
      case 'or':
        throw invalid(
          t.position,
          `${t.type.toUpperCase()} at position ${t.position} has no term before it; add a term or remove the ${t.type.toUpperCase()}.`,
        );
      case 'close':
        throw invalid(t.position, `The ')' at position ${t.position} has no matching '('; remove it or add the '('.`);
      default:
        // '!' and the end never reach here (parse() and the callers check them), but answer sensibly.
        throw invalid(t.position, `A term is expected at position ${t.position}.`);
    }
  }
}

/** Parses a boolean_search string; throws BooleanSearchError whose message names the 1-based character position ("at position 17"). */
export function parseBooleanSearch(input: string): BooleanNode {
  const { maxLength } = BOOLEAN_SEARCH_LIMITS;
  if (input.length > maxLength)
    throw outOfRange(
      maxLength + 1,
      `The boolean search goes past its ${maxLength}-character limit at position ${maxLength + 1}; shorten it.`,
    );
  return new Parser(input).parse();
}

/** Every term of a tree (for limits and for the compiler), left to right. */
export function booleanTerms(node: BooleanNode): TermNode[] {
  // An explicit stack: trees built by hand may be deeper than the parser allows.
  const out: TermNode[] = [];
  const stack: BooleanNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === 'term') out.push(n);
    else if (n.kind === 'not') stack.push(n.node);
    else for (let i = n.nodes.length - 1; i >= 0; i--) stack.push(n.nodes[i]);
  }
  return out;
}
