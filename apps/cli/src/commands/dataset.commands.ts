import { existsSync, statSync } from 'node:fs';
import { importDataset, Progress } from '@app/dataset';
import { DataSource } from 'typeorm';
import { CliError, CommandOptions } from '../cli-args';

function readableFile(command: string, option: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  if (!existsSync(path) || !statSync(path).isFile()) throw new CliError(`${command}: --${option} ${path}: no such file`);
  return path;
}

/** dataset:import [--companies F] [--people F]: upserts NDJSON records; bad lines go to stderr as `file:line: reason`. */
export async function importDatasetCommand(db: DataSource, o: CommandOptions) {
  const companies = readableFile('dataset:import', 'companies', o.optional('companies'));
  const people = readableFile('dataset:import', 'people', o.optional('people'));
  if (!companies && !people) throw new CliError('dataset:import: give --companies F and/or --people F');
  return importDataset(db, { companies, people }, new Progress(process.stderr));
}
