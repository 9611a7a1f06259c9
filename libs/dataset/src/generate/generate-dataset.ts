import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { DatasetCounts } from '../import/import-dataset';
import type { OpenRecordSink } from '../import/record-sink';
import type { Progress } from '../progress';
import { DatasetGenerator, type GeneratorOptions } from './generator';

class NdjsonWriter {
  private constructor(private readonly stream: WriteStream) {}

  static open(file: string): NdjsonWriter {
    return new NdjsonWriter(createWriteStream(file));
  }

  async write(record: unknown): Promise<void> {
    if (!this.stream.write(`${JSON.stringify(record)}\n`)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    this.stream.end();
    await once(this.stream, 'finish');
  }
}

export interface GenerateTargets {
  /** Load into the database through the import loader (default true). */
  database: boolean;
  /** Also write companies.ndjson and people.ndjson (the dataset:import format) into this folder. */
  outDir?: string;
}

/** `dataset:generate`: a deterministic synthetic data set, loaded like an import and/or written as NDJSON. */
export async function generateDataset(
  openLoader: OpenRecordSink | null,
  options: GeneratorOptions,
  targets: GenerateTargets,
  progress: Progress,
): Promise<DatasetCounts> {
  let generator: DatasetGenerator | null = new DatasetGenerator(options);
  const loader = targets.database && openLoader ? await openLoader() : null;
  if (targets.outDir) mkdirSync(targets.outDir, { recursive: true });
  const companiesOut = targets.outDir ? NdjsonWriter.open(join(targets.outDir, 'companies.ndjson')) : null;
  const peopleOut = targets.outDir ? NdjsonWriter.open(join(targets.outDir, 'people.ndjson')) : null;
  try {
    progress.start('companies', options.companies);
    for (const company of generator.companies()) {
      if (loader) await loader.addCompany(company);
      if (companiesOut) await companiesOut.write(company);
      progress.advance(1);
    }
    progress.finish();
    progress.start('people', options.people);
    if (loader?.addGeneratedPeople && !peopleOut) {
      const seed = generator.peopleSeed();
      generator = null; // the sink's threads get their copy of the companies' stubs
      await loader.addGeneratedPeople(seed, (count) => progress.advance(count));
    } else {
      for (const person of generator.people()) {
        if (loader) await loader.addPerson(person);
        if (peopleOut) await peopleOut.write(person);
        progress.advance(1);
      }
    }
    await loader?.finish();
    progress.finish();
  } finally {
    await loader?.close();
    await companiesOut?.close();
    await peopleOut?.close();
  }
  return { companies: { imported: options.companies, rejected: 0 }, people: { imported: options.people, rejected: 0 } };
}
