// Helpers the benchmark scripts share (bench/run.mjs skips files starting with `_`).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: scripts run the built apps under ROOT/dist. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `require` resolving from the repository's node_modules (pg, autocannon, …). */
export const requireFromRoot = createRequire(join(ROOT, 'package.json'));

/** Test-support modules loaded so far, by name: one instance each, as Node's own cache would keep them. */
const testSupport = new Map();

/**
 * A test-support module of test/support (kept out of dist/, so production cannot import it), transpiled to CommonJS
 * in memory. Its own imports of other test-support modules (`./name`) load the same way; packages come from the
 * repository's node_modules.
 */
export function requireTestSupport(name) {
  if (testSupport.has(name)) return testSupport.get(name).exports;
  const ts = requireFromRoot('typescript');
  const path = join(ROOT, 'test/support', `${name}.ts`);
  const { outputText } = ts.transpileModule(readFileSync(path, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: path,
  });
  const loaded = new Module(path);
  loaded.filename = path;
  loaded.require = (id) => (id.startsWith('./') ? requireTestSupport(id.slice(2)) : requireFromRoot(id));
  testSupport.set(name, loaded);
  loaded._compile(outputText, path);
  return loaded.exports;
}

const pg = requireFromRoot('pg');

/** `--name value` pairs of the command line; a flag without a value is 'true'. */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv
      .join(' ')
      .split('--')
      .filter(Boolean)
      .map((a) => a.trim().split(/\s+/))
      .map(([k, v]) => [k, v ?? 'true']),
  );
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The URL of database `name` on the server of `adminUrl`. */
export const databaseUrlFor = (adminUrl, name) => adminUrl.replace(/\/[^/]*$/, `/${name}`);

/** Runs one statement on a connection of its own (CREATE / DROP DATABASE). */
export async function adminQuery(adminUrl, sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Runs a node script (path from ROOT) to completion; answers seconds, peak RSS (MiB, VmHWM) and output. */
/** User + system CPU of a running process, from /proc/<pid>/stat (clock ticks of 1/100 s on Linux). */
export function processCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function runNode(script, argv, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [join(ROOT, script), ...argv], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    let cpuSeconds = 0;
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) / 1024);
        cpuSeconds = processCpuSeconds(child.pid);
      } catch {
        /* exited */
      }
    }, 100);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      clearInterval(poll);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${script} ${argv.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
      else resolve({ seconds, peakMiB: peak, cpuSeconds, stdout, stderr });
    });
  });
}
