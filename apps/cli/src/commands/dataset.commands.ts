import { existsSync, statSync } from 'node:fs';
import { DatasetLoadBusyError, type DatasetLoadOptions, LoadPhaseError, openDatasetLoad } from '@app/database';
import { generateDataset, importDataset, Progress } from '@app/dataset';
import { DataSource } from 'typeorm';
import { CliError, CommandOptions } from '../cli-args';

/** Options both dataset commands take besides their own (docs/cli.md "Dataset loads"). */
export const LOAD_OPTIONS = ['replace', 'timings', 'maintenance-work-mem'];

const MEMORY = /^\d+(kB|MB|GB)$/;

function flag(command: string, o: CommandOptions, name: string): boolean {
  const value = o.optional(name) ?? 'false';
  if (value !== 'true' && value !== 'false')
    throw new CliError(`${command}: --${name} must be true or false, got "${value}"`);
  return value === 'true';
}

/** How the load runs: replace or upsert (docs/dataset.md), its notices on stderr as `command: text`. */
function loadOptions(command: string, o: CommandOptions, progress: Progress): DatasetLoadOptions {
  const memory = o.optional('maintenance-work-mem') ?? '1GB';
  if (!MEMORY.test(memory))
    throw new CliError(`${command}: --maintenance-work-mem must be a size like 512MB or 1GB, got "${memory}"`);
  return {
    replace: flag(command, o, 'replace'),
    timings: flag(command, o, 'timings'),
    maintenanceWorkMem: memory,
    report: (line) => progress.line(`${command}: ${line}`),
    // Test hook (test/operations/dataset-replace.e2e-spec.ts): the load waits before its switch while this file exists.
    holdFile: process.env.DATASET_LOAD_HOLD_FILE || undefined,
  };
}

/** A failed load says in one line what failed; the data set it would have replaced is still serving. */
async function reported<T>(command: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof DatasetLoadBusyError) throw new CliError(`${command}: ${error.message}`);
    if (error instanceof LoadPhaseError) {
      const serving = error.switched ? 'the new data set is serving' : 'the previous data set is still serving';
      throw new CliError(`${command}: failed ${error.message}; ${serving}`);
    }
    throw error;
  }
}

function readableFile(command: string, option: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  if (!existsSync(path) || !statSync(path).isFile())
    throw new CliError(`${command}: --${option} ${path}: no such file`);
  return path;
}

/**
 * dataset:import [--companies F] [--people F] [--replace true]: loads NDJSON records (replacing the data set, or
 * upserting into it); bad lines go to stderr as `file:line: reason`.
 */
export async function importDatasetCommand(db: DataSource, o: CommandOptions) {
  const command = 'dataset:import';
  const companies = readableFile(command, 'companies', o.optional('companies'));
  const people = readableFile(command, 'people', o.optional('people'));
  if (!companies && !people) throw new CliError('dataset:import: give --companies F and/or --people F');
  const progress = new Progress(process.stderr);
  const options = loadOptions(command, o, progress);
  // A replacement holds exactly what the files hold: one file alone would empty the other kind.
  if (options.replace && (!companies || !people))
    throw new CliError('dataset:import: --replace true needs both --companies F and --people F');
  return reported(command, () => importDataset(() => openDatasetLoad(db, options), { companies, people }, progress));
}

const AS_OF = /^\d{4}-\d{2}-\d{2}$/;

/**
 * dataset:generate --people N --companies M [--seed S] [--out DIR] [--as-of YYYY-MM-DD] [--load true|false]:
 * the same seed (and month) gives the same data. Dates are relative to the current month unless --as-of pins it.
 */
export async function generateDatasetCommand(db: DataSource, o: CommandOptions) {
  const people = o.integer('people', undefined, 0, 50_000_000);
  const companies = o.integer('companies', undefined, 0, 10_000_000);
  if (people > 0 && companies === 0)
    throw new CliError('dataset:generate: people need at least one company (--companies ≥ 1)');
  const asOfText = o.optional('as-of');
  if (asOfText !== undefined && (!AS_OF.test(asOfText) || Number.isNaN(Date.parse(asOfText))))
    throw new CliError(`dataset:generate: --as-of must be a date YYYY-MM-DD, got "${asOfText}"`);
  const load = o.optional('load') ?? 'true';
  if (load !== 'true' && load !== 'false')
    throw new CliError(`dataset:generate: --load must be true or false, got "${load}"`);
  const outDir = o.optional('out');
  if (load === 'false' && !outDir) throw new CliError('dataset:generate: --load false needs --out DIR');
  const progress = new Progress(process.stderr);
  const options = loadOptions('dataset:generate', o, progress);
  return reported('dataset:generate', () =>
    generateDataset(
      () => openDatasetLoad(db, options),
      {
        people,
        companies,
        seed: o.optional('seed') ?? '1',
        asOf: asOfText ? new Date(`${asOfText}T00:00:00Z`) : new Date(),
      },
      { database: load === 'true', outDir },
      progress,
    ),
  );
}
