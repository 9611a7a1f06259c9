// Plain functions (no Nest imports) so a unit spec can check them; JsonBodyInterceptor runs them on every body.

/** How deep and how large a JSON body may be before anything parses or walks it. */
export interface JsonCostLimits {
  /** Nesting of arrays and objects (`{}` is depth 1; `{"a":[1]}` depth 2). */
  maxDepth: number;
  /** Values: every array item, object member and the root; counted as `,` `[` `{` outside strings, plus one (an upper bound). */
  maxValues: number;
  /** Members of any one object. */
  maxKeys: number;
}

/** The `payload.code` of each limit (docs/api-conventions.md "Request bodies"). */
export type JsonCostCode = 'too_deep' | 'too_many_values' | 'too_many_keys';

export interface JsonCostBreach {
  code: JsonCostCode;
  limit: number;
}

/**
 * The deepest legal body nests 5 levels (`filters.person.name.include[i]`, an item of `data`); 32 leaves room
 * for any shape we may add and stays far below the depth at which a recursive walk (class-transformer,
 * class-validator) overflows the stack (about 5,000).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The object with the most keys in a legal body is the people filter set (30 keys); DTOs have at most 6.
 * class-transformer's copy of an object costs more than linear time in its keys (10,000 keys: 0.1 s,
 * 40,000: 0.8 s, measured), so the value count alone would not bound it.
 */
export const MAX_JSON_KEYS = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * One pass over the raw UTF-8 text of a JSON body, fed chunk by chunk as it arrives, before JSON.parse:
 * `push` answers the first limit passed, or null. Linear and without recursion; the reader stops at the first
 * breach, so a hostile body (two million `[`, a million commas) is refused after its first chunk and the rest
 * is never kept. Strings are skipped with Buffer#indexOf (native memchr), so a legal body of long strings
 * costs little. Multi-byte UTF-8 sequences never hold bytes below 0x80, so no byte inside one can be taken
 * for a bracket or a quote. Malformed JSON is not judged here: what it counts is still a bound, and
 * JSON.parse refuses it right after.
 */
export class JsonCostScanner {
  // Per open level (1..maxDepth): whether it is an object, and its commas so far (keys - 1).
  private readonly isObject: Uint8Array;
  private readonly commas: Uint32Array;
  private depth = 0;
  private values = 1;
  private inString = false;
  /** Inside a string: the parity of the run of backslashes that ended the previous chunk. */
  private carriedBackslashes = 0;

  constructor(private readonly limits: JsonCostLimits) {
    this.isObject = new Uint8Array(limits.maxDepth + 1);
    this.commas = new Uint32Array(limits.maxDepth + 1);
  }

  push(chunk: Uint8Array): JsonCostBreach | null {
    const { maxDepth, maxValues, maxKeys } = this.limits;
    const text = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    const end = text.length;
    let i = 0;
    while (i < end) {
      if (this.inString) {
        const closing = this.closingQuote(text, i);
        if (closing < 0) return null; // the string goes on in the next chunk
        this.inString = false;
        i = closing + 1;
        continue;
      }
      const byte = text[i++];
      if (byte === QUOTE) {
        this.inString = true;
        this.carriedBackslashes = 0;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++this.depth > maxDepth) return { code: 'too_deep', limit: maxDepth };
        if (++this.values > maxValues) return { code: 'too_many_values', limit: maxValues };
        this.isObject[this.depth] = byte === OPEN_OBJECT ? 1 : 0;
        this.commas[this.depth] = 0;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        if (this.depth > 0) this.depth--;
      } else if (byte === COMMA) {
        if (++this.values > maxValues) return { code: 'too_many_values', limit: maxValues };
        if (this.depth > 0 && this.isObject[this.depth] === 1 && ++this.commas[this.depth] >= maxKeys)
          return { code: 'too_many_keys', limit: maxKeys };
      }
    }
    return null;
  }

  /**
   * The index of the quote that closes the string whose text (in this chunk) starts at `from`, or -1 when it
   * goes on past the chunk. A quote is escaped when an odd number of backslashes precedes it (`\"` stays in
   * the string, `\\"` ends it), counting those that ended the previous chunk when the run reaches back to it.
   */
  private closingQuote(text: Buffer, from: number): number {
    const backslashesBefore = (at: number): number => {
      let n = 0;
      while (at - 1 - n >= from && text[at - 1 - n] === BACKSLASH) n++;
      return at - n === from ? n + this.carriedBackslashes : n;
    };
    for (let at = text.indexOf(QUOTE, from); at !== -1; at = text.indexOf(QUOTE, at + 1)) {
      if (backslashesBefore(at) % 2 === 0) return at;
    }
    this.carriedBackslashes = backslashesBefore(text.length) % 2;
    return -1;
  }
}

/** jsonCostBreach over a whole body at once (see JsonCostScanner). */
export function jsonCostBreach(text: Buffer, limits: JsonCostLimits): JsonCostBreach | null {
  return new JsonCostScanner(limits).push(text);
}
