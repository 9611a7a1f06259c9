import { checkTargetUrl, effectivePort, isBlockedAddress, portRefusal } from './target-guard';

describe('isBlockedAddress', () => {
  const blocked = [
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '239.1.1.1',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:0:127.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe' /* Teredo client 10.0.0.1 */,
    '2001:db8::1',
    'fec0::1',
    'not-an-ip',
  ];
  const allowed = [
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ];

  it.each(blocked)('blocks %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));
  it.each(allowed)('allows %s', (ip) => expect(isBlockedAddress(ip)).toBe(false));
});

describe('checkTargetUrl', () => {
  const publicDns = async () => ['93.184.216.34'];
  const strict = { allowPrivate: false, resolve: publicDns };

  it('accepts https on a public host and answers its addresses', async () => {
    const r = await checkTargetUrl('https://hooks.example.com/in', strict);
    expect(r).toEqual(expect.objectContaining({ ok: true, addresses: ['93.184.216.34'] }));
    expect((await checkTargetUrl('https://93.184.216.34/in', strict)).ok).toBe(true);
  });

  it('checks IP literals in any written form without DNS, and resolves every hostname', async () => {
    const noDns = { allowPrivate: false, resolve: () => Promise.reject(new Error('resolved an IP literal')) };
    for (const url of ['https://93.184.216.34/in', 'https://1572395042/in', 'https://0x5d.0xb8.0xd8.0x22/in'])
      expect(await checkTargetUrl(url, noDns)).toEqual(
        expect.objectContaining({ ok: true, addresses: ['93.184.216.34'] }),
      );
    expect(await checkTargetUrl('https://[2606:4700::1111]/in', noDns)).toEqual(
      expect.objectContaining({ ok: true, addresses: ['2606:4700::1111'] }),
    );
    const asked: string[] = [];
    const recording = { allowPrivate: false, resolve: async (host: string) => (asked.push(host), ['93.184.216.34']) };
    for (const url of ['https://cafe.bad/in', 'https://ab.cd.ef/in', 'https://1.2.3.4.example/in'])
      expect((await checkTargetUrl(url, recording)).ok).toBe(true);
    expect(asked).toEqual(['cafe.bad', 'ab.cd.ef', '1.2.3.4.example']);
  });

  it.each([
    'http://hooks.example.com/in',
    'ftp://hooks.example.com/',
    'not a url',
    '',
    'https://user:pw@hooks.example.com/',
    'https://localhost/x',
    'https://localhost./x',
    'https://api.localhost/x',
    'https://127.0.0.1/x',
    'https://2130706433/x',
    'https://0x7f.1/x',
    'https://10.0.0.1/',
    'https://172.16.0.1/',
    'https://192.168.0.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/',
    'https://[::1]/',
    'https://[fc00::1]/',
    'https://[fe80::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://0.0.0.0/',
  ])('refuses %s', async (url) => {
    expect((await checkTargetUrl(url, strict)).ok).toBe(false);
  });

  it('refuses names that resolve into a blocked range, even when only one address is blocked', async () => {
    expect(
      (await checkTargetUrl('https://evil.example/', { allowPrivate: false, resolve: async () => ['127.0.0.1'] })).ok,
    ).toBe(false);
    expect(
      (
        await checkTargetUrl('https://evil.example/', {
          allowPrivate: false,
          resolve: async () => ['93.184.216.34', '::1'],
        })
      ).ok,
    ).toBe(false);
    expect((await checkTargetUrl('https://evil.example/', { allowPrivate: false, resolve: async () => [] })).ok).toBe(
      false,
    );
    expect(
      (
        await checkTargetUrl('https://evil.example/', {
          allowPrivate: false,
          resolve: async () => Promise.reject(new Error('ENOTFOUND')),
        })
      ).ok,
    ).toBe(false);
  });

  it('with allowPrivate takes http and loopback receivers', async () => {
    expect((await checkTargetUrl('http://127.0.0.1:8080/hook', { allowPrivate: true })).ok).toBe(true);
    expect((await checkTargetUrl('http://localhost/hook', { allowPrivate: true })).ok).toBe(true);
    expect((await checkTargetUrl('ftp://127.0.0.1/', { allowPrivate: true })).ok).toBe(false);
  });

  it('says why: invalid, blocked by the policy, or unresolved (a transient failure at delivery)', async () => {
    expect(await checkTargetUrl('not a url', strict)).toMatchObject({ ok: false, problem: 'invalid' });
    expect(await checkTargetUrl('http://hooks.example.com/in', strict)).toMatchObject({
      ok: false,
      problem: 'blocked',
      reason: 'url must use https',
    });
    expect(await checkTargetUrl('https://10.0.0.1/', strict)).toMatchObject({ ok: false, problem: 'blocked' });
    const failing = {
      allowPrivate: false,
      resolve: async () => Promise.reject(Object.assign(new Error('x'), { code: 'ETIMEOUT' })),
    };
    expect(await checkTargetUrl('https://hooks.example.com/', failing)).toEqual({
      ok: false,
      problem: 'unresolved',
      reason: 'url host does not resolve (ETIMEOUT)',
    });
  });

  it('resolves with allowPrivate only when asked to (delivery needs an address, registration does not)', async () => {
    const resolve = jest.fn(async () => ['10.0.0.9']);
    expect(await checkTargetUrl('http://hooks.internal/in', { allowPrivate: true, resolve })).toMatchObject({
      ok: true,
      addresses: [],
    });
    expect(resolve).not.toHaveBeenCalled();
    expect(
      await checkTargetUrl('http://hooks.internal/in', { allowPrivate: true, alwaysResolve: true, resolve }),
    ).toMatchObject({ ok: true, addresses: ['10.0.0.9'] });
    expect(
      await checkTargetUrl('http://[::1]:8080/in', { allowPrivate: true, alwaysResolve: true, resolve }),
    ).toMatchObject({ ok: true, addresses: ['::1'] });
    expect(resolve).toHaveBeenCalledTimes(1);
  });
});

describe('the port rule (WEBHOOK_ALLOWED_PORTS)', () => {
  const publicDns = async () => ['93.184.216.34'];
  const strict = { allowPrivate: false, resolve: publicDns, allowedPorts: [443, 8443] };

  it('reads the port the URL connects to: the one written, else the scheme default', () => {
    expect(effectivePort(new URL('https://hooks.example.com/in'))).toBe(443);
    expect(effectivePort(new URL('https://hooks.example.com:443/in'))).toBe(443);
    expect(effectivePort(new URL('https://hooks.example.com:0443/in'))).toBe(443);
    expect(effectivePort(new URL('https://hooks.example.com:/in'))).toBe(443);
    expect(effectivePort(new URL('https://hooks.example.com:8443/in'))).toBe(8443);
    expect(effectivePort(new URL('http://hooks.example.com/in'))).toBe(80);
    expect(effectivePort(new URL('https://[2606:4700::1111]:6379/'))).toBe(6379);
  });

  it.each([
    'https://hooks.example.com/in',
    'https://hooks.example.com:443/in',
    'https://hooks.example.com:8443/in',
    'https://hooks.example.com:/in',
    'https://HOOKS.example.com:00443/in',
    'https://93.184.216.34:8443/in',
    'https://[2606:4700::1111]/in',
    'https://[2606:4700::1111]:8443/in',
    'https://hooks.example.com/in?port=6379#:6379',
    'https://hooks.example.com\\@8.8.8.8:6379/', // the backslash ends the authority: 8.8.8.8:6379 is path, the host hooks.example.com:443
  ])('takes %s', async (url) => {
    expect(await checkTargetUrl(url, strict)).toMatchObject({ ok: true });
  });

  it.each([
    ['https://8.8.8.8:6379/', 6379],
    ['https://hooks.example.com:80/in', 80],
    ['https://hooks.example.com:22/', 22],
    ['https://hooks.example.com:4430/', 4430],
    ['https://[2606:4700::1111]:6379/', 6379],
    ['https://[2606:4700::1111]:443:6379/', null], // not a URL at all
    ['https://8.8.8.8:6379\\@hooks.example.com/', 6379], // the backslash ends the authority: the host is 8.8.8.8:6379, "@hooks…" is path
  ])('refuses %s', async (url, port) => {
    const check = await checkTargetUrl(url, strict);
    expect(check.ok).toBe(false);
    if (port !== null)
      expect(check).toEqual({
        ok: false,
        problem: 'blocked',
        reason: `url must use port 443 or 8443, not ${port}`,
        allowedPorts: [443, 8443],
      });
  });

  it('is not fooled by userinfo: a port in the credentials is not the port connected to, and credentials are refused anyway', async () => {
    // user "hooks.example.com", password "443", host 8.8.8.8, port 6379
    const check = await checkTargetUrl('https://hooks.example.com:443@8.8.8.8:6379/', strict);
    expect(check.ok).toBe(false);
    expect(new URL('https://hooks.example.com:443@8.8.8.8:6379/').port).toBe('6379');
    expect((await checkTargetUrl('https://8.8.8.8:6379@hooks.example.com/', strict)).ok).toBe(false);
    expect(portRefusal(new URL('https://hooks.example.com:443@8.8.8.8:6379/'), [443])).toBe(
      'url must use port 443, not 6379',
    );
    expect(portRefusal(new URL('https://x:6379@hooks.example.com/'), [443])).toBeNull();
  });

  it('names the scheme default when no port is written', async () => {
    expect(
      await checkTargetUrl('http://127.0.0.1/in', { allowPrivate: true, allowedPorts: [443, 8443, 9000] }),
    ).toMatchObject({
      ok: false,
      reason: 'url must use port 443, 8443 or 9000, not 80 (the http default)',
    });
  });

  it('applies with private targets allowed when the operator lists ports, and without a list allows any port', async () => {
    expect(await checkTargetUrl('http://127.0.0.1:6379/', { allowPrivate: true, allowedPorts: [443] })).toMatchObject({
      ok: false,
      problem: 'blocked',
    });
    expect(await checkTargetUrl('http://127.0.0.1:6379/', { allowPrivate: true, allowedPorts: null })).toMatchObject({
      ok: true,
    });
    expect(
      await checkTargetUrl('https://hooks.example.com:6379/', { allowPrivate: false, resolve: publicDns }),
    ).toMatchObject({ ok: true });
  });

  it('is checked before DNS: a refused port costs no lookup', async () => {
    const resolve = jest.fn(publicDns);
    expect(
      (await checkTargetUrl('https://hooks.example.com:6379/', { ...strict, resolve, alwaysResolve: true })).ok,
    ).toBe(false);
    expect(resolve).not.toHaveBeenCalled();
  });
});
