import { statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Progress } from '../progress';
import { validateCompany, validatePerson, type Validated } from '../records/validate-record';
import type { CompanyInput, PersonInput } from '@app/domain/records/record-types';
import { HexIdSet } from './hex-id-set';
import { MAX_LINE_BYTES, ndjsonLines } from './ndjson-lines';
import type { OpenRecordSink } from './record-sink';

export interface LoadCounts {
  imported: number;
  rejected: number;
}

/** What `dataset:import` and `dataset:generate` print (docs/cli.md). */
export interface DatasetCounts {
  companies: LoadCounts;
  people: LoadCounts;
}

/**
 * Reads one NDJSON file line by line and hands each valid record to `accept`. A bad line (too
 * long, not JSON, not a valid record, or an id already seen earlier in the file: the first one
 * wins) is reported as `file:line: reason` and skipped; the rest of the file still loads.
 */
export async function readRecords<T extends { id: string }>(
  file: string,
  validate: (value: unknown) => Validated<T>,
  accept: (record: T) => Promise<void>,
  progress: Progress,
): Promise<LoadCounts> {
  const counts: LoadCounts = { imported: 0, rejected: 0 };
  // Grows with distinct ids (16 to 32 bytes each); the records themselves are never held.
  const seen = new HexIdSet();
  const reject = (line: number, reason: string) => {
    counts.rejected++;
    progress.line(`${file}:${line}: ${reason}`);
  };
  progress.start(file, statSync(file).size);
  async function* counted() {
    for await (const chunk of fileChunks(file, READ_CHUNK_BYTES)) {
      progress.advance(chunk.length);
      yield chunk;
    }
  }
  for await (const item of ndjsonLines(counted())) {
    if ('tooLong' in item) {
      reject(item.line, `line is longer than ${MAX_LINE_BYTES} bytes (${item.tooLong} bytes); skipped`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(item.text);
    } catch (error) {
      reject(item.line, `invalid JSON (${(error as Error).message})`);
      continue;
    }
    const result = validate(value);
    if (!result.ok) {
      reject(item.line, result.reason);
      continue;
    }
    const first = seen.add(result.record.id, item.line);
    if (first !== 0) {
      reject(item.line, `duplicate id ${result.record.id} (first on line ${first}); the first record is kept`);
      continue;
    }
    await accept(result.record);
    counts.imported++;
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
      ? await readRecords<PersonInput>(files.people, validatePerson, (p) => loader.addPerson(p), progress)
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
