import dgram from 'node:dgram';
import { isIPv4, isIPv6 } from 'node:net';

// A tiny authoritative DNS server over UDP for tests and benchmarks: it answers A and AAAA
// records with a TTL, NXDOMAIN for unknown names, and can drop or delay the queries for a
// name (a tenant's broken nameserver). Kept out of dist/ with the rest of test/support; the .mjs
// benchmarks load it with requireTestSupport (bench/_lib.mjs), so it imports only Node's modules.

/** How the server answers one name. */
export interface DnsZoneEntry {
  a?: string[];
  aaaa?: string[];
  /** Seconds; default 60. */
  ttl?: number;
  /** Never answer (the query times out at the resolver). */
  drop?: boolean;
}

export interface LocalDnsServerOptions {
  /** Each answer waits a random time in [min, max] ms first (default none). */
  delayMs?: [number, number];
}

export interface LocalDnsServer {
  /** `127.0.0.1:<port>`, as WEBHOOK_DNS_SERVERS takes it. */
  address: string;
  port: number;
  /** Sets (or, with undefined, removes) how a name is answered; `*.example` matches every name below example. */
  set(name: string, entry: DnsZoneEntry | undefined): void;
  /** Queries received for `name` (any type), dropped ones included. */
  queries(name: string): number;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;
const RCODE_NXDOMAIN = 3;
const RCODE_FORMERR = 1;

interface Question {
  name: string;
  type: number;
  /** Offset just past the question (header + question section). */
  end: number;
}

function readQuestion(msg: Buffer): Question | null {
  if (msg.length < 12 || msg.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let offset = 12;
  while (offset < msg.length) {
    const length = msg[offset];
    if (length === 0) break;
    if (length > 63 || offset + 1 + length > msg.length) return null;
    labels.push(msg.toString('latin1', offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  if (offset + 5 > msg.length) return null;
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(offset + 1), end: offset + 5 };
}

function addressBytes(address: string): Buffer {
  if (isIPv4(address)) return Buffer.from(address.split('.').map(Number));
  // Expand "::" and write eight 16-bit groups.
  const [head, tail] = address.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g, 16), i * 2));
  return out;
}

function answer(query: Buffer, q: Question, rcode: number, addresses: string[], type: number, ttl: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | rcode, 2); // QR, AA, RD copied
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((address) => {
    const data = addressBytes(address);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // pointer to the question's name
    rr.writeUInt16BE(type, 2);
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(ttl, 6);
    rr.writeUInt16BE(data.length, 10);
    return Buffer.concat([rr, data]);
  });
  return Buffer.concat([header, query.subarray(12, q.end), ...records]);
}

export async function startLocalDnsServer(
  zone: Record<string, DnsZoneEntry> = {},
  options: LocalDnsServerOptions = {},
): Promise<LocalDnsServer> {
  const entries = new Map(Object.entries(zone).map(([name, entry]) => [name.toLowerCase(), entry]));
  const counts = new Map<string, number>();
  const socket = dgram.createSocket('udp4');

  const lookup = (name: string): DnsZoneEntry | undefined => {
    if (entries.has(name)) return entries.get(name);
    const labels = name.split('.');
    for (let i = 1; i < labels.length; i++) {
      const wildcard = `*.${labels.slice(i).join('.')}`;
      if (entries.has(wildcard)) return entries.get(wildcard);
    }
    return undefined;
  };

  socket.on('message', (msg, peer) => {
    const q = readQuestion(msg);
    const reply = (buffer: Buffer) => {
      const send = () => socket.send(buffer, peer.port, peer.address, () => undefined);
      const [min, max] = options.delayMs ?? [0, 0];
      if (max <= 0) return send();
      setTimeout(send, min + Math.random() * (max - min));
    };
    if (!q) {
      if (msg.length >= 12) reply(answer(msg, { name: '', type: 0, end: 12 }, RCODE_FORMERR, [], 0, 0));
      return;
    }
    counts.set(q.name, (counts.get(q.name) ?? 0) + 1);
    const entry = lookup(q.name);
    if (entry?.drop) return;
    if (!entry) return reply(answer(msg, q, RCODE_NXDOMAIN, [], q.type, 0));
    const addresses =
      q.type === TYPE_A ? (entry.a ?? []) : q.type === TYPE_AAAA ? (entry.aaaa ?? []).filter((a) => isIPv6(a)) : [];
    reply(answer(msg, q, 0, addresses, q.type, entry.ttl ?? 60));
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const port = socket.address().port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    set: (name, entry) => void (entry ? entries.set(name.toLowerCase(), entry) : entries.delete(name.toLowerCase())),
    queries: (name) => counts.get(name.toLowerCase()) ?? 0,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
