import { copyJson, copyLine, copyText, copyTextArray } from './copy-text';

describe('COPY text encoding', () => {
  it('escapes the characters COPY treats specially and writes null as \\N', () => {
    expect(copyText('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(copyText(null)).toBe('\\N');
    expect(copyText('\\N')).toBe('\\\\N');
  });

  it('quotes array elements so commas, braces and quotes survive', () => {
    expect(copyTextArray([])).toBe('{}');
    expect(copyTextArray(['Culture, Diversity & Inclusion', 'say "hi"', 'a\\b'])).toBe(
      '{"Culture, Diversity & Inclusion","say \\\\"hi\\\\"","a\\\\\\\\b"}',
    );
  });

  it('writes JSON with escaped newlines and joins fields with tabs', () => {
    expect(copyJson({ a: 'x\ny' })).toBe('{"a":"x\\\\ny"}');
    expect(copyLine(['1', '\\N'])).toBe('1\t\\N\n');
  });
});
