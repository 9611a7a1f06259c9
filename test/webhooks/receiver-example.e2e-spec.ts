import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { generateWebhookSecret } from '../../libs/webhooks/src/secrets';
import { signatureHeaders } from '../../libs/webhooks/src/signing';
import { freePort } from '../support/processes';

jest.setTimeout(30_000);

describe('examples/receiver verifies deliveries with our exported function', () => {
  const current = generateWebhookSecret();
  const previous = generateWebhookSecret();
  let child: ReturnType<typeof spawn>;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [resolve(__dirname, '../../examples/receiver/server.js')], {
      env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: `${current},${previous}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ok) => child.stdout!.on('data', (d) => String(d).includes('listening') && ok()));
  });
  afterAll(() => child?.kill());

  const body = JSON.stringify({
    id: 'evt_01JD2YA9F4H6K8M0P2R4T6V8X0',
    type: 'webhook.test',
    created_at: new Date().toISOString(),
    data: { webhook_id: 'wh_x' },
  });
  const post = (headers: Record<string, string>, payload = body) =>
    fetch(base, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

  it('accepts a signed delivery once, marks a repeat as duplicate, and takes either secret during a rotation', async () => {
    const now = Math.floor(Date.now() / 1000);
    const first = await post(signatureHeaders([current], body, now, 'evt_01JD2YA9F4H6K8M0P2R4T6V8X0'));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 'evt_01JD2YA9F4H6K8M0P2R4T6V8X0', duplicate: false });
    const again = await post(signatureHeaders([previous], body, now, 'evt_01JD2YA9F4H6K8M0P2R4T6V8X0'));
    expect(await again.json()).toEqual({ received: 'evt_01JD2YA9F4H6K8M0P2R4T6V8X0', duplicate: true });
  });

  it('refuses a wrong secret, a changed body, an old timestamp and a missing header', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await post(signatureHeaders([generateWebhookSecret()], body, now, 'e'))).status).toBe(400);
    expect(
      (await post(signatureHeaders([current], body, now, 'e'), body.replace('webhook.test', 'person.saved'))).status,
    ).toBe(400);
    expect((await post(signatureHeaders([current], body, now - 600, 'e'))).status).toBe(400);
    expect((await post({})).status).toBe(400);
  });
});
