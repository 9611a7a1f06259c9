import { jsonCostBreach, JsonCostLimits, JsonCostScanner, MAX_JSON_DEPTH, MAX_JSON_KEYS } from './json-cost';

const limits: JsonCostLimits = { maxDepth: 3, maxValues: 10, maxKeys: 4 };
const scan = (text: string, l = limits) => jsonCostBreach(Buffer.from(text, 'utf8'), l);

describe('jsonCostBreach', () => {
  it('accepts bodies within both limits', () => {
    expect(scan('{"a":[1,2,{"b":3}]}')).toBeNull();
    expect(scan('[]')).toBeNull();
    expect(scan('')).toBeNull();
    expect(scan('"just a string"')).toBeNull();
  });

  it('refuses nesting one level past the limit, arrays and objects alike', () => {
    expect(scan('[[[1]]]')).toBeNull();
    expect(scan('[[[[1]]]]')).toEqual({ code: 'too_deep', limit: 3 });
    expect(scan('{"a":{"b":{"c":{}}}}')).toEqual({ code: 'too_deep', limit: 3 });
  });

  it('counts depth, not brackets: siblings do not add up', () => {
    expect(scan('[[[1]],[[2]],[[3]]]', { ...limits, maxValues: 100 })).toBeNull();
  });

  it('refuses more values than the limit: items, members and containers', () => {
    expect(scan('[1,2,3,4,5,6,7,8,9]')).toBeNull(); // 9 items + the root = 10
    expect(scan('[1,2,3,4,5,6,7,8,9,10]')).toEqual({ code: 'too_many_values', limit: 10 });
    expect(
      scan(`{${Array.from({ length: 10 }, (_, i) => `"k${i}":1`).join(',')}}`, { ...limits, maxKeys: 100 }),
    ).toEqual({ code: 'too_many_values', limit: 10 });
  });

  it('refuses an object with more keys than the limit, at any depth, but not an array as long', () => {
    expect(scan('{"a":1,"b":2,"c":3,"d":4}')).toBeNull();
    expect(scan('{"a":1,"b":2,"c":3,"d":4,"e":5}')).toEqual({ code: 'too_many_keys', limit: 4 });
    expect(scan('{"x":{"a":1,"b":[1,2],"c":3,"d":4,"e":5}}')).toEqual({ code: 'too_many_keys', limit: 4 });
    expect(scan('{"a":[1,2,3,4,5,6],"b":1}')).toBeNull();
    // Keys of sibling objects and of a parent do not add up.
    expect(scan('[{"a":1,"b":2,"c":3},{"a":1,"b":2,"c":3}]', { ...limits, maxValues: 100 })).toBeNull();
    expect(scan('{"a":{"x":1,"y":2,"z":3},"b":2,"c":3,"d":4}', { ...limits, maxValues: 100 })).toBeNull();
  });

  it('ignores brackets, commas and escaped quotes inside strings', () => {
    expect(scan('["[[[[[[,,,,,,,,,,,,{{{{"]')).toBeNull();
    expect(scan('["a\\"[[[[[,,,,,,,,,,,,"]')).toBeNull();
    expect(scan('["a\\\\",[[[1]]]]')).toEqual({ code: 'too_deep', limit: 3 }); // `\\` ends in a backslash: the quote closes the string
    expect(scan('["é😀[[[[,,,,,,,,,,"]')).toBeNull();
  });

  it('leaves malformed text to JSON.parse', () => {
    expect(scan('["unterminated [[[[[[')).toBeNull();
    expect(scan(']]]]')).toBeNull();
  });

  it('refuses a 4 MB body of two million levels within milliseconds', () => {
    const hostile = Buffer.from(`{"filters":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`);
    const started = performance.now();
    expect(jsonCostBreach(hostile, { maxDepth: MAX_JSON_DEPTH, maxValues: 100_000, maxKeys: MAX_JSON_KEYS })).toEqual({
      code: 'too_deep',
      limit: MAX_JSON_DEPTH,
    });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('reads a legal 4 MB body of long strings with backslashes to its end', () => {
    const ids = Array.from({ length: 150_000 }, (_, i) => `${'\\\\'.repeat(4)}${i.toString(16).padStart(14, '0')}`);
    const legal = Buffer.from(JSON.stringify({ data: ids }));
    expect(legal.length).toBeGreaterThan(4_000_000);
    expect(jsonCostBreach(legal, { maxDepth: MAX_JSON_DEPTH, maxValues: 200_000, maxKeys: MAX_JSON_KEYS })).toBeNull();
    expect(
      jsonCostBreach(
        Buffer.concat([
          legal.subarray(0, -2),
          Buffer.from(',[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}'),
        ]),
        { maxDepth: MAX_JSON_DEPTH, maxValues: 200_000, maxKeys: MAX_JSON_KEYS },
      ),
    ).toEqual({ code: 'too_deep', limit: MAX_JSON_DEPTH });
  });
});

describe('JsonCostScanner fed chunk by chunk', () => {
  const cases = [
    '{"a":[1,2,{"b":3}]}',
    '["a\\\\",[[[1]]]]',
    '["a\\"[[[[[,,,,,,,,,,,,"]',
    '["\\\\\\\\\\"[[[[",[[[[1]]]]]',
    '{"x":{"a":1,"b":[1,2],"c":3,"d":4,"e":5}}',
    '[1,2,3,4,5,6,7,8,9,10]',
    '["é😀[[[[,,,,,,,,,,"]',
  ];

  it('answers what one pass over the whole body answers, wherever the chunks are cut', () => {
    for (const text of cases) {
      const whole = scan(text);
      const bytes = Buffer.from(text, 'utf8');
      for (let size = 1; size <= 4; size++) {
        const scanner = new JsonCostScanner(limits);
        let breach = null;
        for (let at = 0; at < bytes.length && !breach; at += size) breach = scanner.push(bytes.subarray(at, at + size));
        expect({ text, size, breach }).toEqual({ text, size, breach: whole });
      }
    }
  });

  /** Byte by byte, the obvious way: what the scanner must agree with. */
  function reference(bytes: Buffer, l: JsonCostLimits) {
    const objects: boolean[] = [];
    const commas: number[] = [];
    let values = 1;
    let inString = false;
    let escaped = false;
    for (const byte of bytes) {
      const c = String.fromCharCode(byte);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '[' || c === '{') {
        objects.push(c === '{');
        commas.push(0);
        if (objects.length > l.maxDepth) return { code: 'too_deep', limit: l.maxDepth };
        if (++values > l.maxValues) return { code: 'too_many_values', limit: l.maxValues };
      } else if (c === ']' || c === '}') {
        objects.pop();
        commas.pop();
      } else if (c === ',') {
        if (++values > l.maxValues) return { code: 'too_many_values', limit: l.maxValues };
        if (objects.length > 0 && objects[objects.length - 1] && ++commas[commas.length - 1] >= l.maxKeys)
          return { code: 'too_many_keys', limit: l.maxKeys };
      }
    }
    return null;
  }

  it('agrees with a byte-by-byte reference on random texts of quotes, backslashes and brackets, cut at random', () => {
    let seed = 27;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['"', '\\', '[', ']', '{', '}', ',', 'a', ':'];
    const wide: JsonCostLimits = { maxDepth: 6, maxValues: 40, maxKeys: 5 };
    for (let run = 0; run < 3_000; run++) {
      const text = Buffer.from(
        Array.from(
          { length: 1 + Math.floor(random() * 60) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      );
      const scanner = new JsonCostScanner(wide);
      let breach = null;
      for (let at = 0; at < text.length && !breach;) {
        const size = 1 + Math.floor(random() * 8);
        breach = scanner.push(text.subarray(at, at + size));
        at += size;
      }
      expect({ text: text.toString(), breach }).toEqual({ text: text.toString(), breach: reference(text, wide) });
    }
  });

  it('stops at the first chunk of a hostile body', () => {
    const scanner = new JsonCostScanner({ maxDepth: MAX_JSON_DEPTH, maxValues: 100_000, maxKeys: MAX_JSON_KEYS });
    expect(scanner.push(Buffer.from(`{"filters":${'['.repeat(65_536)}`))).toEqual({
      code: 'too_deep',
      limit: MAX_JSON_DEPTH,
    });
  });
});
