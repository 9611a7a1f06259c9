import { setTimeout as sleep } from 'node:timers/promises';
import type { PeopleSeed } from '@app/dataset/generate/generator';
import type { ParallelRecords } from '@app/dataset/import/record-sink';
import type { CompanyInput, PersonInput } from '@app/domain/records/record-types';
import type { DataSource } from 'typeorm';
import { leftoverTables } from './dataset-catalog';
import { DatasetLoader } from './dataset-loader';
import { closeLoadSession, type LoadSession, openLoadSession } from './load-session';
import { ReplacingLoad, type ReplacingLoadOptions } from './replacing-load';

export interface DatasetLoadOptions extends ReplacingLoadOptions {
  /** Replace the whole data set even when it is not empty (`--replace true`). */
  replace?: boolean;
}

/** What the dataset commands write records into (libs/dataset's RecordSink). */
export interface DatasetLoad {
  /** `replace`: new tables switched in at the end; `upsert`: rows merged into the live tables. */
  readonly mode: 'replace' | 'upsert';
  addCompany(company: CompanyInput): Promise<void>;
  addPerson(person: PersonInput): Promise<void>;
  /** A replacing load makes generated people itself, in worker threads; an upsert takes them one by one. */
  addGeneratedPeople?(seed: PeopleSeed, onRows: (count: number) => void): Promise<void>;
  /** A replacing load parses and encodes imported people in worker threads; an upsert takes them one by one. */
  parallelPeople?(): ParallelRecords;
  finish(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One lock for every load: a replacing load holds it alone, upserting loads share it. A session lock, so a
 * killed load (its connection closed) releases it.
 */
const LOCK = `hashtext('dataset:load')`;

export class DatasetLoadBusyError extends Error {}

/**
 * Starts a dataset load (docs/dataset.md "Replace or upsert"): it replaces the data set when asked to or when
 * `companies` and `people` are both empty, and upserts into the live tables otherwise. Tables left by a replacing
 * load that did not finish are dropped first, and `report` says so in one line.
 */
export async function openDatasetLoad(db: DataSource, options: DatasetLoadOptions = {}): Promise<DatasetLoad> {
  const control = await openLoadSession(db);
  try {
    const replace = await takeLock(control, options.replace === true);
    const leftovers = await leftoverTables(control.client);
    if (leftovers.length > 0) {
      await control.client.query(`DROP TABLE ${leftovers.map((t) => `public.${t}`).join(', ')}`);
      options.report?.(`dropped ${leftovers.join(', ')} left by a replacing load that did not finish`);
    }
    if (replace) {
      const load = await ReplacingLoad.open(db, control, options);
      return {
        ...wrap('replace', load, control),
        addGeneratedPeople: (generated, onRows) => load.addGeneratedPeople(generated, onRows),
        parallelPeople: () => load.parallelPeople(),
      };
    }
    const loader = await DatasetLoader.open(db, { batchSize: options.batchSize });
    return wrap('upsert', loader, control);
  } catch (error) {
    await closeLoadSession(control);
    throw error;
  }
}

/** Takes the lock a replacing load or an upsert needs; answers whether this load replaces the data set. */
async function takeLock(control: LoadSession, replaceAsked: boolean): Promise<boolean> {
  // A load killed a moment ago may still hold the lock until its server process sees the connection closed.
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryTakeLock(control, replaceAsked);
    } catch (error) {
      if (!(error instanceof DatasetLoadBusyError) || attempt >= LOCK_ATTEMPTS) throw error;
      await sleep(LOCK_RETRY_MS);
    }
  }
}

const LOCK_ATTEMPTS = 10;
const LOCK_RETRY_MS = 300;

async function tryTakeLock(control: LoadSession, replaceAsked: boolean): Promise<boolean> {
  const q = control.client;
  const tryLock = async (fn: string) => (await q.query(`SELECT ${fn}(${LOCK}) AS ok`)).rows[0].ok as boolean;
  if (await tryLock('pg_try_advisory_lock')) {
    if (replaceAsked) return true;
    const { rows } = await q.query(
      `SELECT NOT EXISTS (SELECT 1 FROM public.companies) AND NOT EXISTS (SELECT 1 FROM public.people) AS empty`,
    );
    if (rows[0].empty) return true;
    await q.query(`SELECT pg_advisory_unlock(${LOCK})`);
  }
  if (!replaceAsked && (await tryLock('pg_try_advisory_lock_shared'))) return false;
  throw new DatasetLoadBusyError(
    replaceAsked
      ? 'another dataset load is running; a replacing load runs alone'
      : 'another dataset load is replacing the data set; load again when it has finished',
  );
}

function wrap(mode: DatasetLoad['mode'], load: Omit<DatasetLoad, 'mode'>, control: LoadSession): DatasetLoad {
  let closed = false;
  return {
    mode,
    addCompany: (c) => load.addCompany(c),
    addPerson: (p) => load.addPerson(p),
    finish: () => load.finish(),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await load.close();
      } finally {
        // DISCARD ALL releases the advisory lock with the rest of the session.
        await closeLoadSession(control);
      }
    },
  };
}
