import http from 'node:http';
import { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { encryptSecret } from '../../libs/webhooks/src/secret-box';
import { TestDatabase } from './database';
import { startStack, type TestStack, type Workspace } from './stack';

/** One request as a receiver saw it. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  json: any;
  at: number;
}

export type Answer = { status?: number; delayMs?: number; hang?: boolean; headers?: Record<string, string> };
export type Behaviour = Answer | Answer[] | ((n: number) => Answer);

/** A real HTTP receiver on 127.0.0.1 that records each request and answers per path as scripted. */
export interface Receiver {
  base: string;
  port: number;
  requests: Received[];
  hook(behaviour?: Behaviour): { url: string; path: string };
  setBehaviour(path: string, behaviour: Behaviour): void;
  at(path: string): Received[];
  /** The most requests to `path` that were open (received, not yet answered) at one time. */
  peakInFlight(path: string): number;
  waitFor(path: string, pred: (got: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const open = new Map<string, number>();
  const peak = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const openPath = (req.url ?? '').split('?')[0];
    open.set(openPath, (open.get(openPath) ?? 0) + 1);
    peak.set(openPath, Math.max(peak.get(openPath) ?? 0, open.get(openPath)!));
    res.once('close', () => open.set(openPath, open.get(openPath)! - 1));
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    const respond = async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: any = null;
      try {
        json = JSON.parse(raw);
      } catch {
        json = null;
      }
      const path = (req.url ?? '').split('?')[0];
      const n = requests.filter((r) => r.path === path).length + 1;
      requests.push({ path, headers: req.headers, raw, json, at: Date.now() });
      const b = behaviours.get(path);
      const answer: Answer = !b
        ? { status: 200 }
        : typeof b === 'function'
          ? b(n)
          : Array.isArray(b)
            ? b[Math.min(n, b.length) - 1]
            : b;
      if (answer.hang) return; // never answers: the sender times out
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end('{"ok":true}');
    };
    // respond() has nothing that rejects: it only parses (caught), records and answers.
    req.on('end', () => void respond());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    requests,
    hook(behaviour = { status: 200 }) {
      const path = `/hook/${randomBytes(6).toString('hex')}`;
      behaviours.set(path, behaviour);
      return { url: base + path, path };
    },
    setBehaviour: (path, behaviour) => void behaviours.set(path, behaviour),
    at: (path) => requests.filter((r) => r.path === path),
    peakInFlight: (path) => peak.get(path) ?? 0,
    async waitFor(path, pred, timeoutMs = 15000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const got = requests.filter((r) => r.path === path);
        if (pred(got) || Date.now() > end) return got;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A ULID (time-ordered); the `ulid` package is ESM-only, which Jest cannot load. */
export function ulid(): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = CROCKFORD[time % 32] + head;
    time = Math.floor(time / 32);
  }
  return head + [...randomBytes(16)].map((b) => CROCKFORD[b % 32]).join('');
}

/** A signing secret as the API creates it. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhookRow {
  id: string;
  secret: string;
}

/**
 * Registers a webhook straight in the database, as the API stores one (secret encrypted with
 * the stack's SECRETS_KEY), so delivery tests do not depend on the registration API's rules.
 * Its `created_at` is truncated to the millisecond as the API's is: `now()` into a timestamptz(3)
 * rounds, up to half a millisecond past an event emitted right after, which then missed it.
 */
export async function insertWebhook(
  db: TestDatabase,
  secretsKeyHex: string,
  ws: { workspace_id: string; member_id: string; api_key_id: string },
  url: string,
  events: string[] = ['person.saved', 'person.email_found', 'company.saved'],
): Promise<WebhookRow> {
  const id = `wh_${ulid()}`;
  const secret = newSecret();
  await db.query(
    `INSERT INTO webhooks (id, workspace_id, url, events, status, secret_ciphertext, created_by_member_id, created_by_api_key_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, $7, date_trunc('milliseconds', clock_timestamp()), now())`,
    [
      id,
      ws.workspace_id,
      url,
      events,
      encryptSecret(secret, Buffer.from(secretsKeyHex, 'hex')),
      ws.member_id,
      ws.api_key_id,
    ],
  );
  return { id, secret };
}

/** A webhook (in `workspace`, else a fresh one) on a new path of `rcv` that answers as `behaviour` says. */
export async function receiverWebhook(
  stack: TestStack,
  rcv: Receiver,
  behaviour: Behaviour,
  events = ['company.saved'],
  workspace?: Workspace,
) {
  const w = workspace ?? (await stack.workspace());
  const { url, path } = rcv.hook(behaviour);
  const hook = await insertWebhook(stack.db, stack.env.SECRETS_KEY, w, url, events);
  return { ...hook, url, path, ws: w };
}

/** Rotates a webhook's secret in the database: the old one stays live for `graceMs`. */
export async function rotateSecret(
  db: TestDatabase,
  secretsKeyHex: string,
  webhookId: string,
  graceMs: number,
): Promise<string> {
  const secret = newSecret();
  await db.query(
    `UPDATE webhooks SET previous_secret_ciphertext = secret_ciphertext, previous_secret_expires_at = now() + make_interval(secs => $3::float8 / 1000),
            secret_ciphertext = $2 WHERE id = $1`,
    [webhookId, encryptSecret(secret, Buffer.from(secretsKeyHex, 'hex')), graceMs],
  );
  return secret;
}

/** Writes an outbox event as `recordEvent` does (row + NOTIFY in one transaction); answers its body. */
export async function emitEvent(
  db: TestDatabase,
  workspaceId: string,
  type: string,
  data: Record<string, unknown>,
  options: { targetWebhookId?: string; notify?: boolean } = {},
): Promise<{ id: string; type: string; created_at: string; data: Record<string, unknown> }> {
  const event = { id: `evt_${ulid()}`, type, created_at: new Date().toISOString(), data };
  await db.query(
    `WITH e AS (INSERT INTO events (id, workspace_id, type, body, created_at, target_webhook_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id)
     SELECT CASE WHEN $7 THEN pg_notify('outbox_event', (SELECT id FROM e)) END`,
    [
      event.id,
      workspaceId,
      type,
      JSON.stringify(event),
      event.created_at,
      options.targetWebhookId ?? null,
      options.notify !== false,
    ],
  );
  return event;
}

/** A company.saved event body with a recognisable company. */
export const companySaved = (n: number) => ({
  company: { id: randomBytes(12).toString('hex'), name: `Company ${n}` },
  saved_at: new Date().toISOString(),
  list_ids: [],
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a delivery test file runs against: the stack with its worker, and a receiver. */
export interface DeliveryHarness {
  stack: TestStack;
  rcv: Receiver;
}

/** Starts the stack with its worker (given `env`) and a receiver before the file's tests, and stops both after. */
export function deliveryHarness(
  env: Record<string, string> | (() => Promise<Record<string, string>>),
): DeliveryHarness {
  const harness = {} as DeliveryHarness;
  beforeAll(async () => {
    harness.stack = await startStack({ worker: true, env: typeof env === 'function' ? await env() : env });
    harness.rcv = await startReceiver();
  }, 60000);
  afterAll(async () => {
    await harness.rcv?.close();
    await harness.stack?.close();
  });
  return harness;
}
