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
 * One pass over the raw UTF-8 text of a JSON body, before JSON.parse: the first limit it passes, or null.
 * Linear and without recursion; it stops at the first breach, so a hostile body (two million `[`, a
 * million commas) is refused after reading a few bytes of it. Strings are skipped with Buffer#indexOf
 * (native memchr), so a legal body of long strings costs little. Multi-byte UTF-8 sequences never hold
 * bytes below 0x80, so no byte inside one can be taken for a bracket or a quote. Malformed JSON is not
 * judged here: what it counts is still a bound, and JSON.parse refuses it right after.
 */
export function jsonCostBreach(text: Buffer, limits: JsonCostLimits): JsonCostBreach | null {
  const { maxDepth, maxValues, maxKeys } = limits;
  // Per open level (1..maxDepth): whether it is an object, and its commas so far (keys - 1).
  const isObject = new Uint8Array(maxDepth + 1);
  const commas = new Uint32Array(maxDepth + 1);
  let depth = 0;
  let values = 1;
  const end = text.length;
  for (let i = 0; i < end; i++) {
    const byte = text[i];
    if (byte === QUOTE) {
      i = closingQuote(text, i + 1);
      if (i < 0) return null; // unterminated string: JSON.parse answers it
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return { code: 'too_deep', limit: maxDepth };
      if (++values > maxValues) return { code: 'too_many_values', limit: maxValues };
      isObject[depth] = byte === OPEN_OBJECT ? 1 : 0;
      commas[depth] = 0;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (byte === COMMA) {
      if (++values > maxValues) return { code: 'too_many_values', limit: maxValues };
      if (depth > 0 && isObject[depth] === 1 && ++commas[depth] >= maxKeys) return { code: 'too_many_keys', limit: maxKeys };
    }
  }
  return null;
}

/** The index of the quote that closes a string whose text starts at `from`, or -1. */
function closingQuote(text: Buffer, from: number): number {
  let at = text.indexOf(QUOTE, from);
  while (at !== -1) {
    // Escaped when an odd number of backslashes precedes it (`\"` is a quote, `\\"` ends the string).
    let backslashes = 0;
    while (at - 1 - backslashes >= from && text[at - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf(QUOTE, at + 1);
  }
  return -1;
}
