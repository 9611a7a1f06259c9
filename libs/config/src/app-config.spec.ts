import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CONFIG_DEFAULTS, ConfigValidationError, loadConfig, maskedUrl } from './app-config';

const KEY = 'ab'.repeat(32);

function problemsOf(env: Record<string, string>, options = {}): string[] {
  try {
    loadConfig(env, options);
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('answers the defaults for an empty environment: rate limits and quotas on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      rateLimitsEnforced: true,
      rateLimitSearchPerMinute: 60,
      rateLimitEnrichPerMinute: 300,
      verificationAddressesPerDay: 100_000,
      exportsPerDay: 50,
      quotaWindowMs: 86_400_000,
      exportRetentionMs: 7 * 86_400_000,
      verificationRetentionMs: 30 * 86_400_000,
      webhookAllowPrivateTargets: false,
      webhookAllowedPorts: [443, 8443],
      webhookMaxPerWorkspace: 100,
      webhookTimeoutMs: 10_000,
      webhookDnsServers: [],
      webhookDnsTimeoutMs: 2000,
      webhookDnsCacheSize: 10_000,
      webhookRetryScheduleMs: [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000],
      webhookDisableAfterMs: 3 * 86_400_000,
      webhookDisableAfterTimeouts: 20,
      webhookHistoryRetentionMs: 30 * 86_400_000,
      secretsKey: null,
      verificationDns: true,
      apiKeyCacheTtlMs: 5000,
      searchStatementTimeoutMs: 10_000,
      dbStatementTimeoutMs: 30_000,
      dbLockTimeoutMs: 10_000,
      dbIdleInTransactionTimeoutMs: 30_000,
      dbAcquireTimeoutMs: 2000,
      redisCommandTimeoutMs: 1000,
      redisCluster: null,
      requestTimeoutMs: 30_000,
      shutdownDelayMs: 5000,
      shutdownTimeoutMs: 20_000,
      logLevel: 'info',
      corsOrigins: [],
      workerMetricsHost: '127.0.0.1',
      secretsKeysPrevious: [],
    });
    expect(config.databaseUrl).toBe(CONFIG_DEFAULTS.DATABASE_URL);
    expect(config.redisUrl).toBe(CONFIG_DEFAULTS.REDIS_URL);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5433/x',
      REDIS_URL: 'rediss://r:6380/2',
      RATE_LIMITS_ENFORCED: 'false',
      RATE_LIMIT_SEARCH_PER_MINUTE: '5',
      RATE_LIMIT_ENRICH_PER_MINUTE: '7',
      VERIFICATION_ADDRESSES_PER_DAY: '0',
      EXPORTS_PER_DAY: '3',
      QUOTA_WINDOW: '10s',
      EXPORT_RETENTION: '2s',
      VERIFICATION_RETENTION: '1h',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
      WEBHOOK_ALLOWED_PORTS: '443, 9443,443',
      WEBHOOK_MAX_PER_WORKSPACE: '40',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_DNS_SERVERS: '127.0.0.1:5353, 10.0.0.2,[::1]:53',
      WEBHOOK_DNS_TIMEOUT: '500ms',
      WEBHOOK_DNS_CACHE_SIZE: '50',
      WEBHOOK_RETRY_SCHEDULE: '500ms, 1s,2m',
      WEBHOOK_DISABLE_AFTER: '20s',
      WEBHOOK_DISABLE_AFTER_TIMEOUTS: '3',
      WEBHOOK_HISTORY_RETENTION: '2h',
      SECRETS_KEY: KEY,
      VERIFICATION_DNS: 'off',
      API_KEY_CACHE_TTL: '1s',
      SEARCH_STATEMENT_TIMEOUT: '2s',
      DB_STATEMENT_TIMEOUT: '0',
      DB_LOCK_TIMEOUT: '250ms',
      DB_IDLE_IN_TRANSACTION_TIMEOUT: '1m',
      DB_ACQUIRE_TIMEOUT: '500ms',
      REDIS_COMMAND_TIMEOUT: '300ms',
      REQUEST_TIMEOUT: '5s',
      SHUTDOWN_DELAY: '0',
      SHUTDOWN_TIMEOUT: '1m',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      WORKER_METRICS_HOST: '::',
      SECRETS_KEY_PREVIOUS: `${'cd'.repeat(32)}, ${'ef'.repeat(32)}`,
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u:p@db:5433/x',
      redisUrl: 'rediss://r:6380/2',
      rateLimitsEnforced: false,
      rateLimitSearchPerMinute: 5,
      rateLimitEnrichPerMinute: 7,
      verificationAddressesPerDay: 0,
      exportsPerDay: 3,
      quotaWindowMs: 10_000,
      exportRetentionMs: 2000,
      verificationRetentionMs: 3_600_000,
      webhookAllowPrivateTargets: true,
      webhookAllowedPorts: [443, 9443],
      webhookMaxPerWorkspace: 40,
      webhookTimeoutMs: 1000,
      webhookDnsServers: ['127.0.0.1:5353', '10.0.0.2', '[::1]:53'],
      webhookDnsTimeoutMs: 500,
      webhookDnsCacheSize: 50,
      webhookRetryScheduleMs: [500, 1000, 120_000],
      webhookDisableAfterMs: 20_000,
      webhookDisableAfterTimeouts: 3,
      webhookHistoryRetentionMs: 7_200_000,
      verificationDns: false,
      apiKeyCacheTtlMs: 1000,
      searchStatementTimeoutMs: 2000,
      dbStatementTimeoutMs: 0,
      dbLockTimeoutMs: 250,
      dbIdleInTransactionTimeoutMs: 60_000,
      dbAcquireTimeoutMs: 500,
      redisCommandTimeoutMs: 300,
      requestTimeoutMs: 5000,
      shutdownDelayMs: 0,
      shutdownTimeoutMs: 60_000,
      logLevel: 'warn',
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      workerMetricsHost: '::',
    });
    expect(config.secretsKey).toEqual(Buffer.from(KEY, 'hex'));
    expect(config.secretsKeysPrevious).toEqual([
      Buffer.from('cd'.repeat(32), 'hex'),
      Buffer.from('ef'.repeat(32), 'hex'),
    ]);
  });

  it.each([
    ['SECRETS_KEY_PREVIOUS', 'abc'],
    ['SECRETS_KEY_PREVIOUS', `${'ab'.repeat(32)},`],
    ['WORKER_METRICS_HOST', 'localhost'],
    ['WORKER_METRICS_HOST', '0.0.0.0:9464'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'https://app.example.com/'],
    ['CORS_ORIGINS', 'https://app.example.com/path'],
    ['CORS_ORIGINS', 'ftp://files.example.com'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'mysql://db/x'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://r:6379'],
    ['RATE_LIMITS_ENFORCED', 'maybe'],
    ['RATE_LIMIT_SEARCH_PER_MINUTE', '0'],
    ['RATE_LIMIT_ENRICH_PER_MINUTE', '1.5'],
    ['VERIFICATION_ADDRESSES_PER_DAY', '-1'],
    ['VERIFICATION_ADDRESSES_PER_DAY', '100k'],
    ['EXPORTS_PER_DAY', 'fifty'],
    ['QUOTA_WINDOW', '24'],
    ['QUOTA_WINDOW', '500ms'],
    ['EXPORT_RETENTION', '7 days'],
    ['EXPORT_RETENTION', '0'],
    ['VERIFICATION_RETENTION', '30'],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'yes please'],
    ['WEBHOOK_ALLOWED_PORTS', '443,https'],
    ['WEBHOOK_ALLOWED_PORTS', '0'],
    ['WEBHOOK_ALLOWED_PORTS', '65536'],
    ['WEBHOOK_ALLOWED_PORTS', '443,,8443'],
    ['WEBHOOK_ALLOWED_PORTS', '*'],
    ['WEBHOOK_MAX_PER_WORKSPACE', '0'],
    ['WEBHOOK_MAX_PER_WORKSPACE', 'lots'],
    ['WEBHOOK_TIMEOUT_MS', '10s'],
    ['WEBHOOK_DNS_SERVERS', 'ns1.example.com'],
    ['WEBHOOK_DNS_SERVERS', '127.0.0.1:99999'],
    ['WEBHOOK_DNS_SERVERS', 'localhost:53'],
    ['WEBHOOK_DNS_SERVERS', '127.0.0.1,,10.0.0.1'],
    ['WEBHOOK_DNS_TIMEOUT', '2'],
    ['WEBHOOK_DNS_TIMEOUT', '0'],
    ['WEBHOOK_DNS_CACHE_SIZE', '0'],
    ['WEBHOOK_RETRY_SCHEDULE', '1m,,soon'],
    ['WEBHOOK_RETRY_SCHEDULE', '1 minute'],
    ['WEBHOOK_DISABLE_AFTER', '3 days'],
    ['WEBHOOK_DISABLE_AFTER', '0'],
    ['WEBHOOK_DISABLE_AFTER_TIMEOUTS', 'many'],
    ['WEBHOOK_HISTORY_RETENTION', '30'],
    ['SECRETS_KEY', 'abc'],
    ['SECRETS_KEY', 'g'.repeat(64)],
    ['VERIFICATION_DNS', 'sometimes'],
    ['API_KEY_CACHE_TTL', '5'],
    ['DB_STATEMENT_TIMEOUT', 'forever'],
    ['DB_ACQUIRE_TIMEOUT', '0'],
    ['REDIS_COMMAND_TIMEOUT', '0'],
    ['REQUEST_TIMEOUT', '30'],
    ['SHUTDOWN_DELAY', '5'],
    ['SHUTDOWN_DELAY', '-1s'],
    ['SHUTDOWN_TIMEOUT', '0'],
    ['SHUTDOWN_TIMEOUT', 'soon'],
    ['LOG_LEVEL', 'loud'],
    ['OPS_TOKEN', 'short'],
    ['OPS_TOKEN', `${'a'.repeat(20)} ${'b'.repeat(20)}`],
  ])('a bad %s (%j) stops the start with a message naming it', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0].startsWith(`${name}:`)).toBe(true);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it.each([
    ['DATABASE_URL', 'postgres://app:s3cr3t-pw@db.internal:99999/pws'],
    ['DATABASE_URL', 'mysql://app:s3cr3t-pw@db.internal/pws'],
    ['DATABASE_URL', 'postgres://app:s3cr3t@pw@db internal/pws'],
    ['REDIS_URL', 'http://default:s3cr3t-pw@cache:6379/0'],
    ['REDIS_URL', 'redis://:s3cr3t-pw@cache:notaport'],
    ['CORS_ORIGINS', 'https://app.example.com,https://user:s3cr3t-pw@app.example.com'],
  ])('a bad %s is echoed with the password of its URL masked', (name, value) => {
    const [problem] = problemsOf({ [name]: value });
    expect(problem).toMatch(new RegExp(`^${name}:`));
    expect(problem).not.toContain('s3cr3t');
    expect(problem).toContain(':***@');
    let thrown = '';
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = String(error);
    }
    expect(thrown).not.toContain('s3cr3t');
  });

  it('maskedUrl hides only the password', () => {
    expect(maskedUrl('postgres://app:pw@db:5432/x?sslmode=require')).toBe(
      'postgres://app:***@db:5432/x?sslmode=require',
    );
    expect(maskedUrl('redis://:pw@cache:6379/1')).toBe('redis://:***@cache:6379/1');
    expect(maskedUrl('postgres://app@db/x')).toBe('postgres://app@db/x');
    expect(maskedUrl('not a url')).toBe('not a url');
    expect(maskedUrl('https://a:1@x.example, http://b:2@y.example')).toBe(
      'https://a:***@x.example, http://b:***@y.example',
    );
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', REDIS_URL: 'nope', WEBHOOK_DISABLE_AFTER: 'later' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'REDIS_URL', 'WEBHOOK_DISABLE_AFTER']);
  });

  it('requires SECRETS_KEY only when asked (api and worker), and says how to get one', () => {
    expect(problemsOf({})).toEqual([]);
    const problems = problemsOf({}, { requireSecretsKey: true });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SECRETS_KEY: required.*npm start/);
    expect(problemsOf({ SECRETS_KEY: KEY }, { requireSecretsKey: true })).toEqual([]);
  });

  it('reads OPS_TOKEN: unset turns the operator endpoints off', () => {
    expect(loadConfig({}).opsToken).toBeNull();
    expect(loadConfig({ OPS_TOKEN: 'k'.repeat(32) }).opsToken).toBe('k'.repeat(32));
  });

  it('allows receivers on any port while private targets are allowed, unless WEBHOOK_ALLOWED_PORTS is set', () => {
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).webhookAllowedPorts).toBeNull();
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ALLOWED_PORTS: ' ' }).webhookAllowedPorts,
    ).toBeNull();
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ALLOWED_PORTS: '8443' }).webhookAllowedPorts,
    ).toEqual([8443]);
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_ALLOWED_PORTS: '' }).webhookAllowedPorts,
    ).toEqual([443, 8443]);
  });

  it('treats an empty value as unset (the default applies)', () => {
    expect(loadConfig({ PORT: '', WEBHOOK_RETRY_SCHEDULE: '' })).toMatchObject({
      port: 3000,
      webhookRetryScheduleMs: [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000],
    });
  });
});

describe('.env.example', () => {
  // Read relative to this file: the example sits at the repository root.
  const text = readFileSync(resolve(__dirname, '../../../.env.example'), 'utf8');
  const listed = new Map<string, string>();
  for (const match of text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/gm)) listed.set(match[1], match[2]);

  it('lists every variable the configuration reads, with its default', () => {
    for (const [name, value] of Object.entries(CONFIG_DEFAULTS)) {
      expect({ name, listed: listed.has(name) }).toEqual({ name, listed: true });
      if (!['DATABASE_URL', 'REDIS_URL'].includes(name))
        expect({ name, value: listed.get(name) }).toEqual({ name, value });
    }
  });
});
