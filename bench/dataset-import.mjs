#!/usr/bin/env node
// Generate and import N people and M companies, against a plain COPY of the same rows (the physical limit).
//   node bench/dataset-import.mjs [--people 1000000] [--companies 100000] [--upsert] [--keep]
// Uses a scratch database on DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// Phases: (1) dataset:generate straight into the empty database (a replacing load); (2) dataset:generate
// --load false --out DIR, then dataset:import of those files into emptied tables (parse + validate + load), and
// again with --replace true over the loaded set (searches would keep answering meanwhile); with --upsert, once more
// without --replace (every row an update, in place); (3) COPY of the rows the import wrote (exported with COPY TO)
// into unindexed scratch tables. Peak RSS is read from /proc/<pid>/status (VmHWM), CPU from /proc/<pid>/stat: the
// CLI's, and the database's (its server processes of the bench database, sampled every 200 ms) as a lower bound of
// what the machine's two cores must do. Each load runs with --timings true: its phases are printed.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { adminQuery, databaseUrlFor, parseArgs, processCpuSeconds, requireFromRoot, runNode } from './_lib.mjs';

const pg = requireFromRoot('pg');
const { from: copyFrom, to: copyTo } = requireFromRoot('pg-copy-streams');

const args = parseArgs();
const PEOPLE = Number(args.people ?? 1_000_000);
const COMPANIES = Number(args.companies ?? 100_000);
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = (sql) => adminQuery(ADMIN, sql);

const TABLES = ['companies', 'people', 'positions', 'person_emails'];

/** CPU seconds the database's server processes for `database` spend while `work` runs (exited processes included). */
async function databaseCpu(database, work) {
  const monitor = new pg.Client({ connectionString: ADMIN });
  await monitor.connect();
  const last = new Map();
  const sample = async () => {
    const { rows } = await monitor.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    for (const { pid } of rows) {
      try {
        last.set(pid, processCpuSeconds(pid));
      } catch {
        /* exited */
      }
    }
  };
  let running = true;
  const loop = (async () => {
    while (running) {
      await sample().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  try {
    const result = await work();
    return { ...result, dbCpuSeconds: [...last.values()].reduce((a, b) => a + b, 0) };
  } finally {
    running = false;
    await loop;
    await monitor.end();
  }
}

/** The load's phase times (--timings), and its four slowest indexes. */
function phases(stderr) {
  const lines = stderr.split('\n').filter((l) => / timing /.test(l) || / copy waited /.test(l));
  const indexes = lines
    .filter((l) => / timing index /.test(l))
    .map((l) => l.replace(/^.* timing index /, ''))
    .sort((a, b) => Number(b.split(' ').at(-2)) - Number(a.split(' ').at(-2)));
  const rest = lines.filter((l) => !/ timing index /.test(l)).map((l) => `    ${l.replace(/^dataset:\w+: /, '')}`);
  return [...rest, `    slowest indexes: ${indexes.slice(0, 4).join(', ')}`].join('\n');
}

const cpu = (r) => `CPU: CLI ${r.cpuSeconds.toFixed(1)} s, database ${r.dbCpuSeconds.toFixed(1)} s`;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main() {
  const name = `bench_dataset_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(ADMIN, name);
  const env = { DATABASE_URL: url };
  const dir = mkdtempSync(join(tmpdir(), 'bench-dataset-'));
  const db = new pg.Client({ connectionString: url });
  try {
    await runNode('dist/libs/database/src/migrate.js', [], env);
    await db.connect();
    const counts = async () => {
      const out = {};
      for (const t of TABLES) out[t] = Number((await db.query(`SELECT count(*) FROM ${t}`)).rows[0].count);
      return out;
    };
    const sizeArgs = [
      '--people',
      String(PEOPLE),
      '--companies',
      String(COMPANIES),
      '--seed',
      'bench',
      '--as-of',
      '2026-11-01',
    ];
    console.log(
      `dataset bench: ${PEOPLE} people, ${COMPANIES} companies (database ${name}), ${new Date().toISOString()}, load average ${loadAverage()}`,
    );
    const timed = (argv) =>
      databaseCpu(name, () => runNode('dist/apps/cli/src/main.js', [...argv, '--timings', 'true'], env));

    // (1) generate straight into the database
    const gen = await timed(['dataset:generate', ...sizeArgs]);
    const rows1 = await counts();
    const total1 = Object.values(rows1).reduce((a, b) => a + b, 0);
    console.log(
      `generate+load: ${gen.seconds.toFixed(1)} s, peak RSS ${gen.peakMiB.toFixed(0)} MiB, ${cpu(gen)}, rows ${JSON.stringify(rows1)} = ${total1}, ${Math.round(total1 / gen.seconds)} rows/s, ${Math.round(PEOPLE / gen.seconds)} people/s; load average ${loadAverage()}\n${phases(gen.stderr)}`,
    );

    // (2) NDJSON files, then the import command (upserts over the same ids: a second, updating load)
    const out = await runNode(
      'dist/apps/cli/src/main.js',
      ['dataset:generate', ...sizeArgs, '--load', 'false', '--out', dir],
      env,
    );
    const bytes = statSync(join(dir, 'people.ndjson')).size + statSync(join(dir, 'companies.ndjson')).size;
    console.log(`generate to NDJSON: ${out.seconds.toFixed(1)} s, ${(bytes / 2 ** 20).toFixed(0)} MiB of files`);
    await db.query(`TRUNCATE people, positions, person_emails, companies CASCADE`);
    const files = ['--companies', join(dir, 'companies.ndjson'), '--people', join(dir, 'people.ndjson')];
    const imp = await timed(['dataset:import', ...files]);
    const rows2 = await counts();
    const total2 = Object.values(rows2).reduce((a, b) => a + b, 0);
    console.log(
      `import (empty tables): ${imp.seconds.toFixed(1)} s, peak RSS ${imp.peakMiB.toFixed(0)} MiB, ${cpu(imp)}, ${Math.round(total2 / imp.seconds)} rows/s, ${(bytes / 2 ** 20 / imp.seconds).toFixed(1)} MiB/s; ${imp.stdout.trim()}; load average ${loadAverage()}\n${phases(imp.stderr)}`,
    );
    const replaced = await timed(['dataset:import', ...files, '--replace', 'true']);
    console.log(
      `import --replace true over the loaded set: ${replaced.seconds.toFixed(1)} s, peak RSS ${replaced.peakMiB.toFixed(0)} MiB, ${cpu(replaced)}; load average ${loadAverage()}\n${phases(replaced.stderr)}`,
    );
    if (args.upsert) {
      const again = await timed(['dataset:import', ...files]);
      console.log(
        `import again, upserting (every row an update): ${again.seconds.toFixed(1)} s, peak RSS ${again.peakMiB.toFixed(0)} MiB, ${cpu(again)}, ${Math.round(total2 / again.seconds)} rows/s; load average ${loadAverage()}`,
      );
    }

    // (3) baseline: the same rows, COPY into unindexed scratch tables
    let copySeconds = 0;
    for (const t of TABLES) {
      const file = join(dir, `${t}.copy`);
      await pipeline(db.query(copyTo(`COPY ${t} TO STDOUT`)), createWriteStream(file));
      // COPY TO leaves generated columns out; the scratch table computes them as the real tables do.
      await db.query(`CREATE TABLE scratch_${t} (LIKE ${t} INCLUDING GENERATED)`);
      const started = process.hrtime.bigint();
      await pipeline(
        createReadStream(file, { highWaterMark: 1 << 20 }),
        db.query(copyFrom(`COPY scratch_${t} FROM STDIN`)),
      );
      copySeconds += Number(process.hrtime.bigint() - started) / 1e9;
    }
    const copyRate = total2 / copySeconds;
    console.log(`plain COPY baseline: ${copySeconds.toFixed(1)} s, ${Math.round(copyRate)} rows/s`);
    console.log(
      `ratio generate+load / COPY: ${(total1 / gen.seconds / copyRate).toFixed(2)}; import / COPY: ${(total2 / imp.seconds / copyRate).toFixed(2)}`,
    );
    console.log(
      `target: generate+load < 90 s (${gen.seconds < 90 ? 'met' : 'missed'}), peak RSS < 1024 MiB (${Math.max(gen.peakMiB, imp.peakMiB, replaced.peakMiB) < 1024 ? 'met' : 'missed'}); load average ${loadAverage()}`,
    );
  } finally {
    await db.end().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    if (!args.keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`kept database ${name}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
