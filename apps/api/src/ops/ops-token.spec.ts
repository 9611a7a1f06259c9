import { opsTokenMatches, presentedOpsToken } from './ops-token';

const TOKEN = 't'.repeat(40);
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('presentedOpsToken', () => {
  it('reads a bearer token, any case of the scheme', () => {
    expect(presentedOpsToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(presentedOpsToken(`bearer   ${TOKEN}`)).toBe(TOKEN);
  });

  it('reads the password of basic auth and ignores the user name', () => {
    expect(presentedOpsToken(basic('ops', TOKEN))).toBe(TOKEN);
    expect(presentedOpsToken(basic('', `a:${TOKEN}`))).toBe(`a:${TOKEN}`);
  });

  it.each([undefined, '', 'Bearer', 'Token abc', 'Basic !!!', `Basic ${Buffer.from('no-colon').toString('base64')}`])(
    'finds no token in %j',
    (header) => {
      expect(presentedOpsToken(header)).toBeNull();
    },
  );
});

describe('opsTokenMatches', () => {
  it('accepts the token only', () => {
    expect(opsTokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(opsTokenMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(opsTokenMatches(TOKEN.slice(1), TOKEN)).toBe(false);
    expect(opsTokenMatches('', TOKEN)).toBe(false);
    expect(opsTokenMatches(null, TOKEN)).toBe(false);
  });
});
