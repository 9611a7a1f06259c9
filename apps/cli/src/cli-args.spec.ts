import { CliError, CommandOptions, failureLine, parseOptions } from './cli-args';

describe('parseOptions', () => {
  it('reads --name value pairs and --name=value', () => {
    expect(parseOptions(['--name', 'Acme Inc', '--credits=10', '--empty='])).toEqual({
      name: 'Acme Inc',
      credits: '10',
      empty: '',
    });
  });

  it('keeps everything after the first = as the value', () => {
    expect(parseOptions(['--url=https://x.test/?a=b'])).toEqual({ url: 'https://x.test/?a=b' });
  });

  it.each([
    [['stray'], /unexpected argument "stray"/],
    [['-n', 'x'], /unexpected argument "-n"/],
    [['--'], /unexpected argument "--"/],
    [['--name'], /--name needs a value/],
    [['--name', '--credits', '5'], /--name needs a value/],
    [['--name', 'a', '--name', 'b'], /--name is given twice/],
    [['--name=a', '--name', 'b'], /--name is given twice/],
  ])('%j is refused', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(CliError);
    expect(() => parseOptions(argv)).toThrow(message);
  });
});

describe('CommandOptions', () => {
  const options = (values: Record<string, string>) =>
    new CommandOptions('credits:set', values, ['workspace', 'balance']);

  it('refuses an unknown option and lists the allowed ones', () => {
    expect(() => options({ colour: 'red' })).toThrow(
      'credits:set: unknown option --colour; allowed: --workspace, --balance',
    );
  });

  it('required() refuses a missing or blank value', () => {
    expect(options({ workspace: 'ws_1' }).required('workspace')).toBe('ws_1');
    expect(() => options({}).required('workspace')).toThrow('credits:set: --workspace is required');
    expect(() => options({ workspace: '  ' }).required('workspace')).toThrow('--workspace is required');
  });

  it('optional() answers undefined when absent', () => {
    expect(options({}).optional('workspace')).toBeUndefined();
  });

  it('integer() reads whole numbers within bounds and falls back when absent', () => {
    expect(options({ balance: '42' }).integer('balance', undefined)).toBe(42);
    expect(options({}).integer('balance', 7)).toBe(7);
    expect(() => options({}).integer('balance', undefined)).toThrow('--balance is required');
  });

  it.each(['-1', '1.5', '1e3', 'ten', '', ' 5', '0x10', '11'])('integer() refuses %j', (text) => {
    expect(() => options({ balance: text }).integer('balance', undefined, 0, 10)).toThrow(
      /--balance must be a whole number from 0 to 10/,
    );
  });
});

describe('failureLine', () => {
  it('is one line that starts with the command, without saying it twice', () => {
    expect(failureLine('member:add', new CliError('member:add: no workspace ws_1'))).toBe(
      'member:add: no workspace ws_1',
    );
    expect(failureLine('dataset:import', new CliError('--people x: no such file'))).toBe(
      'dataset:import: --people x: no such file',
    );
    expect(failureLine('cli', new CliError('no command given; usage: …'))).toBe('cli: no command given; usage: …');
  });

  it('folds a multi-line message into one line and names every bad variable', () => {
    const config = Object.assign(new Error('invalid configuration:\n  - DATABASE_URL bad\n  - PORT bad'), {
      problems: ['DATABASE_URL bad', 'PORT bad'],
    });
    expect(failureLine('credits:set', config)).toBe('credits:set: invalid configuration: DATABASE_URL bad; PORT bad');
    expect(failureLine('credits:set', new Error('first\nsecond'))).toBe('credits:set: failed: first second');
  });

  it('says why even when the error has no message (a refused connection is an AggregateError)', () => {
    const refused = new AggregateError(
      [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })],
      '',
    );
    expect(failureLine('workspace:create', refused)).toBe('workspace:create: failed: connect ECONNREFUSED 127.0.0.1:1');
    expect(failureLine('workspace:create', Object.assign(new Error(''), { code: 'ECONNRESET' }))).toBe(
      'workspace:create: failed: ECONNRESET',
    );
  });
});
