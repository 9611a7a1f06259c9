import 'reflect-metadata';
import { ConfigValidationError, loadConfig, loadEnvFile } from '@app/config';
import { createDataSource } from '@app/database';
import { DataSource } from 'typeorm';
import { CliError, CommandOptions, parseOptions } from './cli-args';
import { COMMANDS } from './commands';

const USAGE = `usage: npm run -s cli -- <command> [--option value …]\ncommands: ${Object.keys(COMMANDS).join(', ')}`;

/** Operator CLI (CONTRACTS.md section 3): one JSON document on stdout, errors as one line on stderr. */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    process.stderr.write(`${USAGE}\n`);
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) throw new CliError(`unknown command "${name}"; ${USAGE}`);
  const options = new CommandOptions(name, parseOptions(rest), command.options);
  loadEnvFile();
  const config = loadConfig();
  const db: DataSource = createDataSource(config.databaseUrl, { logging: false, extra: { max: 4, application_name: 'prospecting-cli' } });
  await db.initialize();
  try {
    const result = await command.run(db, options);
    process.stdout.write(JSON.stringify(result) + '\n');
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    let message = `failed: ${error instanceof Error ? error.message : String(error)}`;
    if (error instanceof CliError) message = error.message;
    // One line that still names every bad variable.
    if (error instanceof ConfigValidationError) message = `invalid configuration: ${error.problems.join('; ')}`;
    process.stderr.write(`${message.split('\n')[0]}\n`);
    process.exit(1);
  },
);
