/** `--name value` pairs after the command; a flag given twice or without a value is an error. */
export function parseOptions(argv: string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--') || arg.length < 3)
      throw new CliError(`unexpected argument "${arg}"; options are written --name value`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (name in options) throw new CliError(`--${name} is given twice`);
    if (inline !== undefined) {
      options[name] = inline;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new CliError(`--${name} needs a value`);
    options[name] = value;
    i++;
  }
  return options;
}

/** A failure the operator can act on: printed as one line on stderr, exit code 1. */
export class CliError extends Error {}

/** Reads the named options of a command, refusing unknown ones and missing required ones. */
export class CommandOptions {
  constructor(
    private readonly command: string,
    private readonly values: Record<string, string>,
    allowed: string[],
  ) {
    const unknown = Object.keys(values).filter((k) => !allowed.includes(k));
    if (unknown.length > 0)
      throw new CliError(
        `${command}: unknown option --${unknown[0]}; allowed: ${allowed.map((a) => `--${a}`).join(', ')}`,
      );
  }

  required(name: string): string {
    const value = this.values[name];
    if (value === undefined || value.trim() === '') throw new CliError(`${this.command}: --${name} is required`);
    return value;
  }

  optional(name: string): string | undefined {
    return this.values[name];
  }

  integer(name: string, fallback: number | undefined, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const text = this.values[name];
    if (text === undefined) {
      if (fallback === undefined) throw new CliError(`${this.command}: --${name} is required`);
      return fallback;
    }
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      throw new CliError(`${this.command}: --${name} must be a whole number from ${min} to ${max}, got "${text}"`);
    }
    return Number(text);
  }
}

/** The text of an error, even one without a message (node's AggregateError for a refused connection has none). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const inner = (error as { errors?: unknown[] }).errors?.[0];
  if (inner !== undefined) return reasonOf(inner);
  return (error as { code?: string }).code ?? error.name;
}

/**
 * What a failure prints (docs/cli.md): exactly one line, starting with the command's name, so an
 * operator's log says which command failed. Known failures (CliError, a bad configuration) are said as they are;
 * anything else (the database down, a constraint) is `failed: <reason>`.
 */
export function failureLine(command: string, error: unknown): string {
  let reason = `failed: ${reasonOf(error)}`;
  if (error instanceof CliError) reason = error.message;
  const problems = (error as { problems?: unknown }).problems;
  // One line that still names every bad variable.
  if (Array.isArray(problems)) reason = `invalid configuration: ${problems.join('; ')}`;
  const oneLine = reason.replace(/\s*\n\s*/g, ' ').trim();
  return oneLine.startsWith(`${command}: `) ? oneLine : `${command}: ${oneLine}`;
}
