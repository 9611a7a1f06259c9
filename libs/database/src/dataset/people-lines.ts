import { join } from 'node:path';
import { parseRecord } from '@app/dataset/import/import-dataset';
import type { DecodedLine, NumberedLine, ParallelRecords } from '@app/dataset/import/record-sink';
import { validatePerson } from '@app/dataset/records/validate-record';
import { personCopyLines, type PersonCopyLines } from './dataset-rows';
import { ThreadPool } from './thread-pool';

/** A person's COPY text from a thread: the `people` line lacks its headcount (the load knows the companies). */
export type EncodedPerson = Omit<PersonCopyLines, 'person'> & { personWithoutHeadcount: string };

export type PeopleLinesTask = NumberedLine[];

/** One line of a people file, decoded as `readRecords` would (the same reasons), then encoded. */
export function decodeLine(item: NumberedLine): DecodedLine<EncodedPerson> {
  const result = parseRecord(item.text, validatePerson);
  if (!result.ok) return { line: item.line, reason: result.reason };
  const { person, ...rest } = personCopyLines(result.record);
  return { line: item.line, id: result.record.id, row: { ...rest, personWithoutHeadcount: person.slice(0, -1) } };
}

/** Batches waiting or being decoded per thread. */
const DEPTH_PER_THREAD = 2;

/** `dataset:import`'s people decoded in worker threads (people-lines-worker.ts), added to the load by `add`. */
export function parallelPeopleLines(add: (row: EncodedPerson) => Promise<void>): ParallelRecords<EncodedPerson> {
  const pool = new ThreadPool<PeopleLinesTask, Array<DecodedLine<EncodedPerson>>>(
    join(__dirname, 'people-lines-worker.js'),
    null,
  );
  return {
    depth: pool.size * DEPTH_PER_THREAD,
    decode: (lines) => pool.run(lines),
    add,
    stop: () => pool.stop(),
  };
}
