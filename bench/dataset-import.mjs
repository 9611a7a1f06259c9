#!/usr/bin/env node
// Generate and import N people and M companies, against a plain COPY of the same rows (the physical limit).
//   node bench/dataset-import.mjs [--people 1000000] [--companies 100000] [--keep]
// Uses a scratch database on DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// Phases: (1) dataset:generate straight into the database; (2) dataset:generate --load false --out DIR,
// then dataset:import of those files (parse + validate + load); (3) COPY of the rows the import wrote
// (exported with COPY TO) into unindexed scratch tables. Peak RSS is read from /proc/<pid>/status (VmHWM).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { adminQuery, databaseUrlFor, parseArgs, requireFromRoot, runNode } from './_lib.mjs';

const pg = requireFromRoot('pg');
const { from: copyFrom, to: copyTo } = requireFromRoot('pg-copy-streams');

const args = parseArgs();
const PEOPLE = Number(args.people ?? 1_000_000);
const COMPANIES = Number(args.companies ?? 100_000);
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = (sql) => adminQuery(ADMIN, sql);

const TABLES = ['companies', 'people', 'positions', 'person_emails'];

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
    console.log(`dataset bench: ${PEOPLE} people, ${COMPANIES} companies (database ${name})`);

    // (1) generate straight into the database
    const gen = await runNode('dist/apps/cli/src/main.js', ['dataset:generate', ...sizeArgs], env);
    const rows1 = await counts();
    const total1 = Object.values(rows1).reduce((a, b) => a + b, 0);
    console.log(
      `generate+load: ${gen.seconds.toFixed(1)} s, peak RSS ${gen.peakMiB.toFixed(0)} MiB, rows ${JSON.stringify(rows1)} = ${total1}, ${Math.round(total1 / gen.seconds)} rows/s, ${Math.round(PEOPLE / gen.seconds)} people/s`,
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
    const imp = await runNode(
      'dist/apps/cli/src/main.js',
      ['dataset:import', '--companies', join(dir, 'companies.ndjson'), '--people', join(dir, 'people.ndjson')],
      env,
    );
    const rows2 = await counts();
    const total2 = Object.values(rows2).reduce((a, b) => a + b, 0);
    console.log(
      `import (empty tables): ${imp.seconds.toFixed(1)} s, peak RSS ${imp.peakMiB.toFixed(0)} MiB, ${Math.round(total2 / imp.seconds)} rows/s, ${(bytes / 2 ** 20 / imp.seconds).toFixed(1)} MiB/s; ${imp.stdout.trim()}`,
    );
    const again = await runNode(
      'dist/apps/cli/src/main.js',
      ['dataset:import', '--companies', join(dir, 'companies.ndjson'), '--people', join(dir, 'people.ndjson')],
      env,
    );
    console.log(
      `import again (every row an update): ${again.seconds.toFixed(1)} s, peak RSS ${again.peakMiB.toFixed(0)} MiB, ${Math.round(total2 / again.seconds)} rows/s`,
    );

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
      `target: generate+load < 180 s (${gen.seconds < 180 ? 'met' : 'missed'}), peak RSS < 1024 MiB (${Math.max(gen.peakMiB, imp.peakMiB) < 1024 ? 'met' : 'missed'})`,
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
