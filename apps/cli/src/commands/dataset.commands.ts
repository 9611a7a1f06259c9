import { existsSync, statSync } from 'node:fs';
import { DatasetLoader } from '@app/database';
import { generateDataset, importDataset, Progress } from '@app/dataset';
import { DataSource } from 'typeorm';
import { CliError, CommandOptions } from '../cli-args';

function readableFile(command: string, option: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  if (!existsSync(path) || !statSync(path).isFile())
    throw new CliError(`${command}: --${option} ${path}: no such file`);
  return path;
}

/** dataset:import [--companies F] [--people F]: upserts NDJSON records; bad lines go to stderr as `file:line: reason`. */
export async function importDatasetCommand(db: DataSource, o: CommandOptions) {
  const companies = readableFile('dataset:import', 'companies', o.optional('companies'));
  const people = readableFile('dataset:import', 'people', o.optional('people'));
  if (!companies && !people) throw new CliError('dataset:import: give --companies F and/or --people F');
  return importDataset(() => DatasetLoader.open(db), { companies, people }, new Progress(process.stderr));
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
  return generateDataset(
    () => DatasetLoader.open(db),
    {
      people,
      companies,
      seed: o.optional('seed') ?? '1',
      asOf: asOfText ? new Date(`${asOfText}T00:00:00Z`) : new Date(),
    },
    { database: load === 'true', outDir },
    new Progress(process.stderr),
  );
}
