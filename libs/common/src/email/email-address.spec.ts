import { normaliseBatch, normaliseEmail, syntaxProblem } from './email-address';

describe('normaliseEmail', () => {
  it('trims and lowers the whole address, local part included', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM \n')).toBe('ada.lovelace@example.com');
  });

  it('composes Unicode to NFC so the same address typed two ways is one', () => {
    expect(normaliseEmail('rene\u0301e@example.com')).toBe(normaliseEmail('ren\u00e9e@example.com'));
  });
});

describe('normaliseBatch', () => {
  it('keeps the first appearance of each normalised address, in order, and counts the duplicates', () => {
    const batch = normaliseBatch(['b@x.io', ' A@X.io', 'a@x.io', 'B@X.IO', 'c@x.io']);
    expect(batch.addresses).toEqual(['b@x.io', 'a@x.io', 'c@x.io']);
    expect(batch.duplicates).toBe(2);
  });
});

describe('syntaxProblem', () => {
  it.each([
    'ada@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    'x@xn--bcher-kva.de',
    'josé@bücher.de',
    `${'a'.repeat(64)}@example.com`,
    `a@${'b'.repeat(63)}.com`,
    'user@my-host.example',
  ])('accepts %s', (address) => {
    expect(syntaxProblem(address)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['plainaddress', 'at_sign'],
    ['a@b@example.com', 'at_sign'],
    ['@example.com', 'local_length'],
    [`${'a'.repeat(65)}@example.com`, 'local_length'],
    ['.ada@example.com', 'local_dots'],
    ['ada.@example.com', 'local_dots'],
    ['ada..lovelace@example.com', 'local_dots'],
    ['ada lovelace@example.com', 'local_characters'],
    ['"ada"@example.com', 'local_characters'],
    ['ada(comment)@example.com', 'local_characters'],
    ['ada@', 'domain_labels'],
    ['ada@[192.168.0.1]', 'domain_literal'],
    ['ada@localhost', 'domain_labels'],
    ['ada@example..com', 'domain_labels'],
    ['ada@.example.com', 'domain_labels'],
    ['ada@example.com.', 'domain_labels'],
    ['ada@-example.com', 'domain_labels'],
    ['ada@example-.com', 'domain_labels'],
    ['ada@exa_mple.com', 'domain_labels'],
    [`ada@${'b'.repeat(64)}.com`, 'domain_labels'],
    ['ada@example.c', 'top_level_domain'],
    ['ada@example.123', 'top_level_domain'],
    [`a@${Array.from({ length: 51 }, () => 'abcd').join('.')}.com`, 'domain_length'],
    [`${'a'.repeat(64)}@${Array.from({ length: 40 }, () => 'abcd').join('.')}.com`, 'too_long'],
  ])('refuses %j (%s)', (address, problem) => {
    expect(syntaxProblem(address)).toBe(problem);
  });
});
