import { join } from 'node:path';
import { peopleChunkCount, type PeopleSeed } from '@app/dataset/generate/generator';
import { ThreadPool } from './thread-pool';

/** One chunk of generated people as COPY text of `people` (with headcounts), `positions` and `person_emails`. */
export interface EncodedPeople {
  count: number;
  person: Uint8Array;
  positions: Uint8Array;
  emails: Uint8Array;
}

/** Chunks waiting or being made per thread: enough to keep each busy, few enough to keep memory flat (~25 MB each). */
const AHEAD_PER_THREAD = 2;

/**
 * The people of `dataset:generate`, made and encoded in worker threads and yielded in chunk order, so a replacing
 * load's COPY gets the same rows in the same order as one thread would make them. Making rows is the load's
 * bottleneck (docs/dataset.md); the database's COPY runs beside it.
 */
export async function* generatedPeopleRows(seed: PeopleSeed): AsyncGenerator<EncodedPeople> {
  const chunks = peopleChunkCount(seed.options.people);
  const pool = new ThreadPool<number, EncodedPeople>(join(__dirname, 'generated-people-worker.js'), seed);
  const pending: Array<Promise<EncodedPeople>> = [];
  let next = 0;
  try {
    for (;;) {
      while (next < chunks && pending.length < pool.size * AHEAD_PER_THREAD) pending.push(pool.run(next++));
      const answer = pending.shift();
      if (!answer) return;
      yield await answer;
    }
  } finally {
    for (const p of pending) p.catch(() => undefined);
    await pool.stop();
  }
}
