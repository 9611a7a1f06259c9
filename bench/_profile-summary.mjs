#!/usr/bin/env node
// Where a process's CPU went, by layer of the request path: reads a V8 .cpuprofile (node --cpu-prof) and gives each
// sample to the deepest frame on its stack that belongs to a known layer (a Nest interceptor, the logger, the pg
// driver, …), so a layer's figure is its own code plus the Node and V8 built-ins it called (JSON.stringify under
// res.json, the SHA-256 under the key check), not the layers it called in turn. Samples with no layer on the stack
// go to `node: http, net, streams` (the leaf is Node's own) or `other` (shown with their leaf files, --other).
//   node bench/_profile-summary.mjs <file.cpuprofile> [--window <fromUs>-<toUs>] [--requests N] [--other] [--layer <name prefix>] [--top N]
// --window: only samples in that span (or spans, comma-separated) of the monotonic clock (process.hrtime, µs), as bench/request-path.mjs prints
// for each measured run; --requests: the requests answered in it, for CPU µs per request.
import { readFileSync } from 'node:fs';
import { parseArgs } from './_lib.mjs';

/** [layer, test on the frame's url and function name]; the first that matches names the frame's layer. */
export const LAYERS = [
  ['GC', (url, fn) => fn === '(garbage collector)'],
  ['idle', (url, fn) => fn === '(idle)'],
  ['V8 (program)', (url, fn) => fn === '(program)'],
  [
    'request log (pino, nestjs-pino, our middleware)',
    (url) =>
      /node_modules\/(pino|pino-http|nestjs-pino|sonic-boom|@pinojs\/redact|fast-redact|pino-std-serializers|thread-stream|on-exit-leak-free|atomic-sleep|quick-format-unescaped|safe-stable-stringify)\//.test(
        url,
      ) || /libs\/common\/src\/logging\//.test(url),
  ],
  [
    'helmet (security headers)',
    (url) => /node_modules\/helmet\//.test(url) || /apps\/api\/src\/http\/security-headers/.test(url),
  ],
  [
    'request id, drain, no-store (own middleware)',
    (url) => /apps\/api\/src\/(http\/(connection-drain|middleware-sequence)|bootstrap)/.test(url),
  ],
  ['request deadline (middleware)', (url) => /apps\/api\/src\/http\/request-deadline/.test(url)],
  ['strict methods (middleware)', (url) => /apps\/api\/src\/http\/(strict-methods|allowed-methods)/.test(url)],
  ['API-key guard and cache', (url) => /apps\/api\/src\/auth\//.test(url) || /libs\/common\/src\/auth\//.test(url)],
  [
    'interceptors: query, body, Idempotency-Key, envelope',
    (url) =>
      /apps\/api\/src\/http\/(api-request|declared-query|json-body|read-json-body|media-type|body-limits|route-params|idempoten)/.test(
        url,
      ) || /libs\/common\/src\/http\/(json-cost|envelope)/.test(url),
  ],
  [
    'rate-limit scope interceptor (AsyncLocalStorage)',
    (url) => /libs\/common\/src\/rate-limit\/rate-limit-scope/.test(url),
  ],
  [
    'response write (JSON.stringify, headers, res.end)',
    (url, fn) =>
      (/node_modules\/express\/lib\/response\.js/.test(url) && /^(json|send)$/.test(fn)) ||
      /apps\/api\/src\/http\/json-reply/.test(url) ||
      (/platform-express\/adapters\/express-adapter/.test(url) && fn === 'reply'),
  ],
  [
    'validation (class-validator, class-transformer, pipes)',
    (url) =>
      /node_modules\/(class-validator|class-transformer|validator)\//.test(url) ||
      /libs\/common\/src\/http\/(validation|body-shape|nul-character|optional-not-null)/.test(url),
  ],
  ['exception filter', (url) => /libs\/common\/src\/http\/(exception\.filter|error-mapping|api-error)/.test(url)],
  ['rxjs', (url) => /node_modules\/rxjs\//.test(url)],
  [
    'Nest core (router, guards, interceptors, pipes consumers)',
    (url) => /node_modules\/@nestjs\/(core|common|platform-express)\//.test(url),
  ],
  [
    'Express (router, req/res helpers)',
    (url) =>
      /node_modules\/(express|router|finalhandler|path-to-regexp|qs|etag|fresh|content-type|type-is|mime-types|mime-db|send|proxy-addr|forwarded|parseurl|encodeurl|escape-html|on-finished|cookie|vary|statuses|accepts|negotiator|depd|setprototypeof|utils-merge|range-parser|content-disposition|ee-first|side-channel.*|call-bind.*|get-intrinsic|has-symbols|object-inspect|es-.*|math-intrinsics|dunder-proto|gopd|hasown|function-bind)\//.test(
        url,
      ),
  ],
  ['TypeORM', (url) => /node_modules\/typeorm\//.test(url)],
  [
    'pg driver (pg, pg-pool, pg-protocol, pg-types)',
    (url) =>
      /node_modules\/(pg|pg-pool|pg-protocol|pg-types|pg-connection-string|postgres-array|postgres-date|postgres-interval|postgres-bytea|pgpass|split2)\//.test(
        url,
      ),
  ],
  [
    'Redis (ioredis, rate limits, counts cache)',
    (url) =>
      /node_modules\/(ioredis|@ioredis|redis-parser|denque|cluster-key-slot|standard-as-callback)\//.test(url) ||
      /libs\/common\/src\/(redis|rate-limit)/.test(url),
  ],
  ['replica router', (url) => /libs\/database\/src\/replicas\//.test(url)],
  [
    'route work (controllers, services, repositories, records)',
    (url) => /dist\/(apps\/api\/src|libs\/(database|search|domain|common|config))\//.test(url),
  ],
];

const NODE_INTERNAL = (url) => url.startsWith('node:') || url === '';

function layerOf(frame) {
  const { url, functionName: fn } = frame;
  for (const [name, test] of LAYERS) if (test(url, fn)) return name;
  return null;
}

/** Reads a profile: every sample with its time (µs since the previous one) and its leaf node. */
export function summarize(profile, { windows, requests, focus } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const own = new Map(); // node id → its own layer (or null)
  for (const n of profile.nodes) own.set(n.id, layerOf(n.callFrame));
  const resolved = new Map(); // node id → the layer of the deepest layered frame on its stack
  const resolve = (id) => {
    if (resolved.has(id)) return resolved.get(id);
    let layer = own.get(id);
    if (layer === null) {
      const p = parent.get(id);
      layer = p === undefined ? null : resolve(p);
    }
    resolved.set(id, layer);
    return layer;
  };
  const totals = new Map();
  const otherLeaves = new Map();
  const inLayer = new Map(); // for --layer: `layer frame ← … leaf` → µs
  const frameOf = (id) => {
    for (let n = id; n !== undefined; n = parent.get(n)) if (own.get(n) !== null) return byId.get(n).callFrame;
    return null;
  };
  let t = profile.startTime;
  let counted = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (windows && !windows.some(([from, to]) => t >= from && t <= to)) continue;
    // A sample's time is the gap to the next one (the last sample gets the previous gap).
    const dt = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i];
    const id = profile.samples[i];
    let layer = resolve(id);
    if (layer === null) {
      const leaf = byId.get(id).callFrame;
      layer = NODE_INTERNAL(leaf.url) ? 'node: http, net, streams, timers' : 'other';
      if (layer === 'other') {
        const key = `${leaf.functionName || '(anonymous)'} ${leaf.url.replace(/^.*node_modules\//, '')}`;
        otherLeaves.set(key, (otherLeaves.get(key) ?? 0) + dt);
      }
    }
    totals.set(layer, (totals.get(layer) ?? 0) + dt);
    counted += dt;
    if (focus && layer.startsWith(focus)) {
      const at = frameOf(id);
      const leaf = byId.get(id).callFrame;
      const name = (f) =>
        `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*(node_modules|dist)\//, '')}:${f.lineNumber + 1}`;
      const key = at === leaf || !at ? name(leaf) : `${name(at)} → ${name(leaf)}`;
      inLayer.set(key, (inLayer.get(key) ?? 0) + dt);
    }
  }
  const idle = totals.get('idle') ?? 0;
  const busy = counted - idle;
  const rows = [...totals]
    .filter(([name]) => name !== 'idle')
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => ({
      name,
      ms: us / 1000,
      share: us / busy,
      usPerRequest: requests ? us / requests : undefined,
    }));
  return {
    rows,
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    otherLeaves,
    inLayer,
    usPerRequest: requests ? busy / requests : undefined,
  };
}

function main() {
  const args = parseArgs(process.argv.slice(3));
  const file = process.argv[2];
  if (!file || file.startsWith('--')) {
    console.error(
      'usage: node bench/_profile-summary.mjs <file.cpuprofile> [--window fromUs-toUs] [--requests N] [--other] [--top N]',
    );
    process.exit(2);
  }
  const windows = args.window ? args.window.split(',').map((w) => w.split('-').map(Number)) : undefined;
  const requests = args.requests ? Number(args.requests) : undefined;
  const s = summarize(JSON.parse(readFileSync(file, 'utf8')), { windows, requests, focus: args.layer });
  const perRequest = s.usPerRequest ? `, ${s.usPerRequest.toFixed(0)} µs CPU per request` : '';
  console.log(`busy ${s.busyMs.toFixed(0)} ms, idle ${s.idleMs.toFixed(0)} ms${perRequest}`);
  for (const r of s.rows) {
    const us = r.usPerRequest === undefined ? '' : `  ${r.usPerRequest.toFixed(1).padStart(7)} µs/req`;
    console.log(`${(100 * r.share).toFixed(1).padStart(5)} %  ${r.ms.toFixed(0).padStart(7)} ms${us}  ${r.name}`);
  }
  if (args.layer) {
    console.log(`\nin ${args.layer}: layer frame → leaf`);
    for (const [key, us] of [...s.inLayer].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top ?? 25)))
      console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
  if (args.other) {
    console.log('\nleaves of `other`:');
    const top = Number(args.top ?? 25);
    for (const [key, us] of [...s.otherLeaves].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
