import type { Readable } from 'node:stream';

/** Longest line we parse; a longer one is skipped without being held in memory. */
export const MAX_LINE_BYTES = 1024 * 1024;

export type NdjsonLine = { line: number; text: string } | { line: number; tooLong: number };

/**
 * Splits a byte stream into lines (LF or CRLF) in constant memory: a line longer than `maxBytes`
 * is reported by number and length only, its bytes dropped as they arrive. Blank lines are skipped.
 * A chunk is read only until the next one is asked for, so the input may reuse one buffer.
 */
export async function* ndjsonLines(
  input: Readable | AsyncIterable<Buffer>,
  maxBytes = MAX_LINE_BYTES,
): AsyncGenerator<NdjsonLine> {
  let line = 1;
  let parts: Buffer[] = [];
  let length = 0;
  let overflow = false;

  function* end(): Generator<NdjsonLine> {
    if (overflow) yield { line, tooLong: length };
    else if (length > 0) {
      let text = Buffer.concat(parts, length).toString('utf8');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.trim() !== '') yield { line, text };
    }
    parts = [];
    length = 0;
    overflow = false;
    line++;
  }

  for await (const chunk of input as AsyncIterable<Buffer>) {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const stop = nl < 0 ? chunk.length : nl;
      const piece = stop - start;
      if (!overflow && length + piece > maxBytes) {
        overflow = true;
        parts = [];
      }
      // A piece that waits for the next chunk is copied: the reader may refill the same buffer.
      if (!overflow) parts.push(nl < 0 ? Buffer.from(chunk.subarray(start, stop)) : chunk.subarray(start, stop));
      length += piece;
      if (nl < 0) break;
      yield* end();
      start = nl + 1;
    }
  }
  if (length > 0 || overflow) yield* end();
}
