// A minimal webhook receiver: verifies X-Service-Signature with our exported function, answers
// at once, and drops duplicates by event id (deliveries are at least once).
//
//   npm run build
//   WEBHOOK_SECRET=whsec_… PORT=4000 node examples/receiver/server.js
//
// During a secret rotation, list both secrets: WEBHOOK_SECRET=whsec_new,whsec_old
'use strict';
const http = require('node:http');
const { verifyServiceSignature } = require('../../dist/libs/webhooks/src/verify');

const secrets = (process.env.WEBHOOK_SECRET || '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
if (secrets.length === 0) {
  console.error('set WEBHOOK_SECRET to the secret shown when the webhook was created');
  process.exit(1);
}
const port = Number(process.env.PORT || 4000);
const seen = new Set(); // use a database with a unique key on the event id in production
const MAX_BODY = 1024 * 1024;

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') return res.writeHead(405).end();
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    // Verify the raw bytes exactly as received, before parsing JSON.
    const raw = Buffer.concat(chunks);
    const header = req.headers['x-service-signature'];
    if (!secrets.some((secret) => verifyServiceSignature(raw, header, secret, { toleranceSec: 300 }))) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad signature"}');
      return;
    }
    const event = JSON.parse(raw.toString('utf8'));
    const duplicate = seen.has(event.id);
    seen.add(event.id);
    // Answer 2xx quickly (within 10 s); do slow work after answering or in a queue of your own.
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: event.id, duplicate }));
    if (!duplicate)
      console.log(
        JSON.stringify({ id: event.id, type: event.type, attempt: req.headers['x-service-delivery-attempt'] }),
      );
  });
});

server.listen(port, () => console.log(`receiver listening on http://127.0.0.1:${port}`));
