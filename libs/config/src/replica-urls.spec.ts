import { ConfigValidationError, loadConfig } from './app-config';
import { parseReplicaUrls } from './replica-urls';

describe('parseReplicaUrls', () => {
  it('answers no replica for an empty or blank value', () => {
    expect(parseReplicaUrls('')).toEqual({ urls: [] });
    expect(parseReplicaUrls('  ')).toEqual({ urls: [] });
  });

  it('answers each URL, trimmed, in order', () => {
    expect(parseReplicaUrls(' postgres://a@r1:5432/db , postgresql://a@r2/db').urls).toEqual([
      'postgres://a@r1:5432/db',
      'postgresql://a@r2/db',
    ]);
  });

  it.each([
    ['postgres://r1/db,', 'item 2 is empty'],
    ['postgres://r1/db,,postgres://r2/db', 'item 2 is empty'],
    ['not a url', 'item 1 ("not a url") is not a URL'],
    ['mysql://r1/db', 'is not postgres:// or postgresql://'],
    ['postgres://r1/db,postgres://r1/db', 'listed twice'],
  ])('refuses %j with one line naming the variable', (text, why) => {
    const { urls, problem } = parseReplicaUrls(text);
    expect(urls).toEqual([]);
    expect(problem).toMatch(/^DATABASE_REPLICA_URLS: /);
    expect(problem).toContain(why);
    expect(problem).not.toContain('\n');
  });

  it('never echoes a password', () => {
    const { problem } = parseReplicaUrls('postgres://app:s3cret@r1/db,mysql://app:s3cret@r2/db');
    expect(problem).toContain('app:***@r2');
    expect(problem).not.toContain('s3cret');
  });
});

describe('loadConfig with replicas', () => {
  it('defaults to no replica and a 10 s lag limit', () => {
    expect(loadConfig({})).toMatchObject({ databaseReplicaUrls: [], databaseReplicaMaxLagMs: 10_000 });
  });

  it('stops on a malformed list, naming DATABASE_REPLICA_URLS', () => {
    let problems: string[] = [];
    try {
      loadConfig({ DATABASE_REPLICA_URLS: 'postgres://u:pw@r1/db,redis://u:pw@r2' });
    } catch (error) {
      problems = (error as ConfigValidationError).problems;
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATABASE_REPLICA_URLS: /);
    expect(problems[0]).not.toContain(':pw@');
  });
});
