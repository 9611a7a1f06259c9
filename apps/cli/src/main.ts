import 'reflect-metadata';
import { loadConfig, loadEnvFile } from '@app/config';
import { appPoolTimeouts, createDataSource } from '@app/database';
import { DataSource } from 'typeorm';
import { CliError, CommandOptions, failureLine, parseOptions } from './cli-args';
import { COMMANDS } from './commands';

const USAGE = `usage: npm run -s cli -- <command> [--option value …]; commands: ${Object.keys(COMMANDS).join(', ')}`;

/** Operator CLI (docs/cli.md): one JSON document on stdout, errors as one line on stderr. */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === 'help') {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  if (!name) throw new CliError(`no command given; ${USAGE}`);
  const command = COMMANDS[name];
  if (!command) throw new CliError(`unknown command "${name}"; ${USAGE}`);
  const options = new CommandOptions(name, parseOptions(rest), command.options);
  loadEnvFile();
  const config = loadConfig();
  const db: DataSource = createDataSource(
    config.databaseUrl,
    { logging: false, extra: { max: 4, application_name: 'prospecting-cli' } },
    appPoolTimeouts(config, 'background'),
  );
  await db.initialize();
  try {
    const result = await command.run(db, options);
    process.stdout.write(JSON.stringify(result) + '\n');
    return 0;
  } finally {
    await db.destroy();
  }
}

const argv = process.argv.slice(2);
main(argv).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${failureLine(argv[0] && COMMANDS[argv[0]] ? argv[0] : 'cli', error)}\n`);
    process.exit(1);
  },
);
