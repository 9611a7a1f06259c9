import { statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Progress } from '../progress';
import { validateCompany, validatePerson, type Validated } from '../records/validate-record';
import type { CompanyInput, PersonInput } from '@app/domain/records/record-types';
import { HexIdSet } from './hex-id-set';
import { MAX_LINE_BYTES, ndjsonLines } from './ndjson-lines';
import type { DecodedLine, NumberedLine, OpenRecordSink, ParallelRecords } from './record-sink';

export interface LoadCounts {
  imported: number;
  rejected: number;
}

/** What `dataset:import` and `dataset:generate` print (docs/cli.md). */
export interface DatasetCounts {
  companies: LoadCounts;
  people: LoadCounts;
}

/** A line's record, or why it is rejected (not JSON, not a valid record). */
export function parseRecord<T>(text: string, validate: (value: unknown) => Validated<T>): Validated<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `invalid JSON (${(error as Error).message})` };
  }
  return validate(value);
}

/** Lines sent to the sink's threads at once. */
const PARALLEL_BATCH = 2_000;

/**
 * Reads one NDJSON file line by line and hands each valid record to `accept` (or, given `parallel`, has the sink's
 * threads parse and encode the lines and hands it their rows). A bad line (too long, not JSON, not a valid record,
 * or an id already seen earlier in the file: the first one wins) is reported as `file:line: reason` and skipped; the
 * rest of the file still loads.
 */
export async function readRecords<T extends { id: string }>(
  file: string,
  validate: (value: unknown) => Validated<T>,
  accept: (record: T) => Promise<void>,
  progress: Progress,
  parallel?: ParallelRecords,
): Promise<LoadCounts> {
  const counts: LoadCounts = { imported: 0, rejected: 0 };
  // Grows with distinct ids (16 to 32 bytes each); the records themselves are never held.
  const seen = new HexIdSet();
  const reject = (line: number, reason: string) => {
    counts.rejected++;
    progress.line(`${file}:${line}: ${reason}`);
  };
  const take = async (line: number, id: string, add: () => Promise<void>) => {
    const first = seen.add(id, line);
    if (first !== 0) return reject(line, `duplicate id ${id} (first on line ${first}); the first record is kept`);
    await add();
    counts.imported++;
  };
  progress.start(file, statSync(file).size);
  async function* counted() {
    for await (const chunk of fileChunks(file, READ_CHUNK_BYTES)) {
      progress.advance(chunk.length);
      yield chunk;
    }
  }
  const tooLong = (line: number, bytes: number) =>
    reject(line, `line is longer than ${MAX_LINE_BYTES} bytes (${bytes} bytes); skipped`);
  if (!parallel) {
    for await (const item of ndjsonLines(counted())) {
      if ('tooLong' in item) {
        tooLong(item.line, item.tooLong);
        continue;
      }
      const result = parseRecord(item.text, validate);
      if (!result.ok) reject(item.line, result.reason);
      else await take(item.line, result.record.id, () => accept(result.record));
    }
  } else {
    // Batches decode in the sink's threads while the next are read; their answers are taken in file order.
    const decoding: Array<Promise<Array<DecodedLine<unknown>>>> = [];
    let batch: NumberedLine[] = [];
    const send = () => {
      if (batch.length > 0) decoding.push(parallel.decode(batch));
      batch = [];
    };
    const settleOldest = async () => {
      for (const d of await decoding.shift()!) {
        if ('reason' in d) reject(d.line, d.reason);
        else await take(d.line, d.id, () => parallel.add(d.row));
      }
    };
    try {
      for await (const item of ndjsonLines(counted())) {
        if ('tooLong' in item) {
          send();
          while (decoding.length > 0) await settleOldest();
          tooLong(item.line, item.tooLong);
          continue;
        }
        batch.push(item);
        if (batch.length < PARALLEL_BATCH) continue;
        send();
        if (decoding.length >= parallel.depth) await settleOldest();
      }
      send();
      while (decoding.length > 0) await settleOldest();
    } finally {
      for (const d of decoding) d.catch(() => undefined);
      await parallel.stop();
    }
  }
  progress.finish();
  return counts;
}

/** `dataset:import`: companies first, then people, through one bulk loader; answers the counts. */
export async function importDataset(
  openLoader: OpenRecordSink,
  files: { companies?: string; people?: string },
  progress: Progress,
): Promise<DatasetCounts> {
  const loader = await openLoader();
  try {
    const companies = files.companies
      ? await readRecords<CompanyInput>(files.companies, validateCompany, (c) => loader.addCompany(c), progress)
      : { imported: 0, rejected: 0 };
    const people = files.people
      ? await readRecords<PersonInput>(
          files.people,
          validatePerson,
          (p) => loader.addPerson(p),
          progress,
          loader.parallelPeople?.(),
        )
      : { imported: 0, rejected: 0 };
    await loader.finish();
    return { companies, people };
  } finally {
    await loader.close();
  }
}

const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * The file's bytes through one reused buffer, each chunk valid until the next is asked for: a read stream allocates a
 * fresh buffer per chunk, and a 50 MB line dropped as it streams left up to the GC's external-memory threshold of
 * them behind (the import's peak memory on Node.js 24 reached 200 MiB).
 */
async function* fileChunks(file: string, size: number): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(size);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, size, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
