import { signatureHeaders } from '@app/webhooks/signing';
import { verifyWebhook, WebhookVerificationError } from './webhooks';

const OLD = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const NEW = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;
const BODY = JSON.stringify({
  id: 'evt_1',
  type: 'webhook.test',
  created_at: '2026-11-26T00:00:00.000Z',
  data: { webhook_id: 'wh_1' },
});

describe('verifyWebhook (against the service signer)', () => {
  const now = new Date();
  const t = Math.floor(now.getTime() / 1000);

  it('accepts either secret of a rotation, in either scheme, from a Headers object or a plain one', async () => {
    const headers = signatureHeaders([NEW, OLD], BODY, t, 'evt_1');
    for (const secret of [NEW, OLD]) {
      await expect(verifyWebhook(BODY, headers, secret)).resolves.toMatchObject({ id: 'evt_1' });
      await expect(verifyWebhook(new TextEncoder().encode(BODY), new Headers(headers), secret)).resolves.toMatchObject({
        type: 'webhook.test',
      });
      const { 'X-Service-Signature': _service, ...standard } = headers;
      await expect(verifyWebhook(BODY, standard, secret)).resolves.toMatchObject({ id: 'evt_1' });
    }
  });

  it('refuses another secret, an altered body, an old timestamp, and no signature', async () => {
    const headers = signatureHeaders([NEW], BODY, t, 'evt_1');
    await expect(verifyWebhook(BODY, headers, OLD)).rejects.toThrow(WebhookVerificationError);
    await expect(verifyWebhook(BODY.replace('wh_1', 'wh_2'), headers, NEW)).rejects.toThrow('no signature matches');
    const old = signatureHeaders([NEW], BODY, t - 600, 'evt_1');
    await expect(verifyWebhook(BODY, old, NEW)).rejects.toThrow('tolerance');
    await expect(verifyWebhook(BODY, old, NEW, { toleranceSeconds: 900 })).resolves.toMatchObject({ id: 'evt_1' });
    await expect(verifyWebhook(BODY, {}, NEW)).rejects.toThrow('no signature header');
  });
});
