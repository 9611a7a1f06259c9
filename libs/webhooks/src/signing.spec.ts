import { Webhook as StandardWebhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { generateWebhookSecret } from './secrets';
import { SIGNATURE_HEADER, signatureHeaders } from './signing';
import { parseServiceSignature, verifyServiceSignature } from './verify';

const stripe = new Stripe('sk_test_unused');
const body = JSON.stringify({
  id: 'evt_01JABCDEF',
  type: 'company.saved',
  created_at: '2026-11-22T00:00:00.000Z',
  data: { company: { id: 'a'.repeat(24) } },
});
const eventId = 'evt_01JABCDEF';

function headersAt(secrets: string[], tSec = Math.floor(Date.now() / 1000)) {
  return signatureHeaders(secrets, body, tSec, eventId);
}

describe('signatureHeaders', () => {
  const secret = generateWebhookSecret();

  it('has the Stripe layout t=<unix>,v1=<hex>', () => {
    const h = headersAt([secret], 1_700_000_000);
    expect(h[SIGNATURE_HEADER]).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(h['webhook-id']).toBe(eventId);
    expect(h['webhook-timestamp']).toBe('1700000000');
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('is verified by our function', () => {
    expect(verifyServiceSignature(body, headersAt([secret])[SIGNATURE_HEADER], secret)).toBe(true);
  });

  it('is verified by the standardwebhooks package', () => {
    expect(() => new StandardWebhook(secret).verify(body, headersAt([secret]))).not.toThrow();
  });

  it("is verified by Stripe's constructEvent", () => {
    const event = stripe.webhooks.constructEvent(body, headersAt([secret])[SIGNATURE_HEADER], secret);
    expect(event.id).toBe(eventId);
  });

  it('is refused by all three with another secret, a changed body or an old timestamp', () => {
    const other = generateWebhookSecret();
    const h = headersAt([secret]);
    expect(verifyServiceSignature(body, h[SIGNATURE_HEADER], other)).toBe(false);
    expect(verifyServiceSignature(body + ' ', h[SIGNATURE_HEADER], secret)).toBe(false);
    expect(() => new StandardWebhook(other).verify(body, h)).toThrow();
    expect(() => stripe.webhooks.constructEvent(body, h[SIGNATURE_HEADER], other)).toThrow();
    const old = headersAt([secret], Math.floor(Date.now() / 1000) - 301);
    expect(verifyServiceSignature(body, old[SIGNATURE_HEADER], secret)).toBe(false);
    expect(verifyServiceSignature(body, old[SIGNATURE_HEADER], secret, { toleranceSec: 400 })).toBe(true);
    expect(() => new StandardWebhook(secret).verify(body, old)).toThrow();
    expect(() => stripe.webhooks.constructEvent(body, old[SIGNATURE_HEADER], secret)).toThrow();
  });

  it('during a rotation carries one signature per live secret, each verified by all three', () => {
    const previous = secret;
    const current = generateWebhookSecret();
    const h = headersAt([current, previous]);
    expect(parseServiceSignature(h[SIGNATURE_HEADER])?.v1).toHaveLength(2);
    expect(h['webhook-signature'].split(' ')).toHaveLength(2);
    for (const s of [current, previous]) {
      expect(verifyServiceSignature(body, h[SIGNATURE_HEADER], s)).toBe(true);
      expect(() => new StandardWebhook(s).verify(body, h)).not.toThrow();
      expect(stripe.webhooks.constructEvent(body, h[SIGNATURE_HEADER], s).id).toBe(eventId);
    }
    // After the grace period only the current secret signs.
    const after = headersAt([current]);
    expect(verifyServiceSignature(body, after[SIGNATURE_HEADER], previous)).toBe(false);
    expect(() => new StandardWebhook(previous).verify(body, after)).toThrow();
  });

  it('refuses malformed headers without throwing', () => {
    for (const bad of [undefined, '', 't=abc,v1=00', 'v1=00', 't=1', 'garbage', 'x'.repeat(5000)]) {
      expect(verifyServiceSignature(body, bad, secret)).toBe(false);
    }
  });
});

describe('generateWebhookSecret', () => {
  it('is whsec_ + base64 of 32 bytes, different each time', () => {
    const s = generateWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(s);
  });
});
