import { createSocket, Socket } from 'node:dgram';
import { DnsDomainResolver } from './domain-resolver';

/**
 * A tiny authoritative DNS server on 127.0.0.1 answering from a fixed zone, so the real resolver
 * code (node:dns, c-ares) is exercised without network access.
 */
type Answer = { rcode: number; mx?: [number, string][]; a?: string[] } | 'silent';
const ZONE: Record<string, Partial<Record<'MX' | 'A' | 'AAAA', Answer>>> = {
  'mx.test': { MX: { rcode: 0, mx: [[10, 'mail.mx.test']] } },
  'a-only.test': { MX: { rcode: 0 }, A: { rcode: 0, a: ['192.0.2.1'] }, AAAA: { rcode: 0 } },
  'nothing.test': { MX: { rcode: 0 }, A: { rcode: 0 }, AAAA: { rcode: 0 } },
  'nullmx.test': { MX: { rcode: 0, mx: [[0, '']] } },
  'fail.test': { MX: { rcode: 2 } },
  'silent.test': { MX: 'silent' },
};
const TYPES: Record<number, 'MX' | 'A' | 'AAAA'> = { 15: 'MX', 1: 'A', 28: 'AAAA' };

const encodeName = (name: string) =>
  Buffer.concat([
    ...name
      .split('.')
      .filter(Boolean)
      .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])),
    Buffer.from([0]),
  ]);

function respond(query: Buffer): Buffer | null {
  let offset = 12;
  const labels: string[] = [];
  while (query[offset] !== 0) {
    labels.push(query.subarray(offset + 1, offset + 1 + query[offset]).toString());
    offset += query[offset] + 1;
  }
  const question = query.subarray(12, offset + 5);
  const type = TYPES[query.readUInt16BE(offset + 1)];
  const name = labels.join('.').toLowerCase();
  const answer: Answer = name in ZONE ? (ZONE[name][type] ?? { rcode: 0 }) : { rcode: 3 };
  if (answer === 'silent') return null;
  const records: Buffer[] = [];
  for (const [preference, exchange] of answer.mx ?? []) {
    const rdata = Buffer.concat([Buffer.from([preference >> 8, preference & 0xff]), encodeName(exchange)]);
    records.push(rr(15, rdata));
  }
  for (const ip of answer.a ?? []) records.push(rr(1, Buffer.from(ip.split('.').map(Number))));
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(0x8400 | 0x0100 | 0x0080 | answer.rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, question, ...records]);
}

function rr(type: number, rdata: Buffer): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(type, 0);
  fixed.writeUInt16BE(1, 2);
  fixed.writeUInt32BE(60, 4);
  fixed.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([Buffer.from([0xc0, 0x0c]), fixed, rdata]);
}

describe('DnsDomainResolver against a local DNS server', () => {
  let server: Socket;
  let resolver: DnsDomainResolver;

  beforeAll(async () => {
    server = createSocket('udp4');
    server.on('message', (msg, peer) => {
      const reply = respond(msg);
      if (reply) server.send(reply, peer.port, peer.address);
    });
    await new Promise<void>((r) => server.bind(0, '127.0.0.1', r));
    resolver = new DnsDomainResolver(500, [`127.0.0.1:${server.address().port}`]);
  });
  afterAll(() => server.close());

  it.each([
    ['mx.test', 'mail'],
    ['a-only.test', 'mail'],
    ['nothing.test', 'no_mail'],
    ['nullmx.test', 'no_mail'],
    ['no-such-name.test', 'no_mail'],
    ['fail.test', 'no_answer'],
  ])('%s → %s', async (domain, answer) => {
    expect(await resolver.lookup(domain)).toBe(answer);
  });

  it('gives up after its timeout with no answer', async () => {
    const started = Date.now();
    expect(await resolver.lookup('silent.test')).toBe('no_answer');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
