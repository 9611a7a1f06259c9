import { ndjsonLines, NdjsonLine } from './ndjson-lines';

async function collect(chunks: string[], max = 16): Promise<NdjsonLine[]> {
  async function* source() {
    for (const c of chunks) yield Buffer.from(c);
  }
  const out: NdjsonLine[] = [];
  for await (const l of ndjsonLines(source(), max)) out.push(l);
  return out;
}

describe('ndjsonLines', () => {
  it('splits across chunk boundaries, handles CRLF, skips blank lines, keeps the last unterminated line', async () => {
    expect(await collect(['{"a"', ':1}\r\n\n  \n{"b":2}\n{"c"', ':3}'])).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 4, text: '{"b":2}' },
      { line: 5, text: '{"c":3}' },
    ]);
  });

  it('reports a line over the limit by number and length without keeping it, then goes on', async () => {
    const long = 'x'.repeat(40);
    expect(await collect(['{"a":1}\n', long.slice(0, 10), long.slice(10), '\n{"b":2}\n'])).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, tooLong: 40 },
      { line: 3, text: '{"b":2}' },
    ]);
  });

  it('keeps multi-byte characters split between chunks intact', async () => {
    const bytes = Buffer.from('{"n":"Łukasz"}\n');
    async function* source() {
      yield bytes.subarray(0, 8);
      yield bytes.subarray(8);
    }
    const out: NdjsonLine[] = [];
    for await (const l of ndjsonLines(source())) out.push(l);
    expect(out).toEqual([{ line: 1, text: '{"n":"Łukasz"}' }]);
  });

  it('reads each chunk only until the next is asked for, so the source may refill one buffer', async () => {
    const buffer = Buffer.alloc(16);
    async function* source() {
      for (const c of ['{"a":1}\n{', '"b":', '2}\n']) {
        buffer.fill(0);
        const n = buffer.write(c);
        yield buffer.subarray(0, n);
      }
    }
    const out: NdjsonLine[] = [];
    for await (const l of ndjsonLines(source())) out.push(l);
    expect(out).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
    ]);
  });
});
