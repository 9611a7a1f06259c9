import { isIP, isIPv4 } from 'node:net';
import { parseDuration, parseDurationList } from './duration';
import { maskedUrl } from './masked-url';
import { parseRedisClusterNodes, RedisClusterSettings } from './redis-cluster-nodes';
import { parseReplicaUrls } from './replica-urls';

export { maskedUrl };

const isPort = (text: string): boolean => /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 65535;

/** `ip`, `ipv4:port` or `[ipv6]:port`, as c-ares' setServers takes them. */
function isDnsServer(text: string): boolean {
  if (isIP(text)) return true;
  const v6 = /^\[([^\]]+)\]:(\d+)$/.exec(text);
  if (v6) return isIP(v6[1]) === 6 && isPort(v6[2]);
  const v4 = /^([\d.]+):(\d+)$/.exec(text);
  return !!v4 && isIPv4(v4[1]) && isPort(v4[2]);
}

/** Every setting of the service, read once from the environment and validated. */
export interface AppConfig {
  port: number;
  databaseUrl: string;
  /** Streaming replicas for reads (docs/replicas.md); empty: every read on the primary. */
  databaseReplicaUrls: string[];
  /** A replica further behind than this gets no reads until it catches up. */
  databaseReplicaMaxLagMs: number;
  /** The single Redis; not used when redisCluster is set. */
  redisUrl: string;
  /** REDIS_CLUSTER_NODES: a Redis Cluster instead of REDIS_URL (docs/configuration.md); null: the single Redis. */
  redisCluster: RedisClusterSettings | null;
  rateLimitsEnforced: boolean;
  rateLimitSearchPerMinute: number;
  rateLimitEnrichPerMinute: number;
  /** Email verification addresses a workspace may submit per QUOTA_WINDOW; 0 turns the quota off. */
  verificationAddressesPerDay: number;
  /** People exports a workspace may ask for per QUOTA_WINDOW; 0 turns the quota off. */
  exportsPerDay: number;
  /** The rolling window of both quotas (24 h; shorter only to test them). */
  quotaWindowMs: number;
  /** How long a completed export's file (and its stored person ids) is kept. */
  exportRetentionMs: number;
  /** How long a finished verification job's per-address results are kept (the job and its counts stay). */
  verificationRetentionMs: number;
  webhookAllowPrivateTargets: boolean;
  /**
   * Ports a receiver may listen on, checked at registration and before every delivery; null: any.
   * Unset, it is 443 and 8443, or any port while private targets are allowed (tests, local use).
   */
  webhookAllowedPorts: number[] | null;
  /** Webhooks a workspace may have in all, disabled ones included (at most 25 of them active). */
  webhookMaxPerWorkspace: number;
  webhookTimeoutMs: number;
  /** DNS servers for receiver hostnames (`ip`, `ip:port`, `[ipv6]:port`); empty: the system's. */
  webhookDnsServers: string[];
  /** Longest wait for one receiver hostname's DNS answer. */
  webhookDnsTimeoutMs: number;
  /** Most receiver hostnames whose answers are cached (each for its TTL, at most 5 minutes). */
  webhookDnsCacheSize: number;
  webhookRetryScheduleMs: number[];
  webhookDisableAfterMs: number;
  webhookDisableAfterTimeouts: number;
  webhookHistoryRetentionMs: number;
  /** Deliveries the worker runs at once, across every webhook. */
  webhookConcurrency: number;
  /** Deliveries in flight to one webhook at once, so a slow receiver cannot take every slot. */
  webhookMaxInFlightPerWebhook: number;
  /** Deliveries in flight to all webhooks of one workspace at once, so one tenant cannot take the worker. */
  webhookMaxInFlightPerWorkspace: number;
  /** Port of the worker's Prometheus `/metrics` endpoint; 0 disables it. */
  workerMetricsPort: number;
  /** Address the worker's `/metrics` listens on: loopback by default, `0.0.0.0` for a scraper elsewhere. */
  workerMetricsHost: string;
  /** Operator token for the API's `/ops/queues` dashboard and `/metrics`; null turns both off (404). */
  opsToken: string | null;
  /** 32-byte key for webhook secrets at rest; null only where the process does not need it. */
  secretsKey: Buffer | null;
  /** Former SECRETS_KEYs: they still open webhook secrets sealed with them until `secrets:rotate` re-seals those. */
  secretsKeysPrevious: Buffer[];
  verificationDns: boolean;
  apiKeyCacheTtlMs: number;
  /** PostgreSQL cancels a people search statement that runs longer (503 SEARCH_TIMEOUT). */
  searchStatementTimeoutMs: number;
  /** A search count over this many matches is estimated from a sample of the people; 0: always exact. */
  searchCountEstimateAbove: number;
  /** PostgreSQL `statement_timeout` of every pool; 0 turns it off. A session may raise it for its own long work. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL `lock_timeout` of every pool: a statement waiting longer for a row or table lock fails. */
  dbLockTimeoutMs: number;
  /** PostgreSQL `idle_in_transaction_session_timeout`: a session left idle inside a transaction is ended. */
  dbIdleInTransactionTimeoutMs: number;
  /** Longest wait for a pool connection (idle or new) before the request fails with 503 UNAVAILABLE. */
  dbAcquireTimeoutMs: number;
  /** The API's Redis commands (rate limits, caches, enqueueing) fail after this long instead of waiting for Redis. */
  redisCommandTimeoutMs: number;
  /** The API answers 503 UNAVAILABLE to a request still running after this long. */
  requestTimeoutMs: number;
  /** API, on SIGTERM: readiness answers 503 at once, requests are still served this long (a load balancer stops routing meanwhile). */
  shutdownDelayMs: number;
  /** After SHUTDOWN_DELAY (API) or at once (worker): the longest wait for the work in flight; past it the process exits 1. */
  shutdownTimeoutMs: number;
  logLevel: string;
  /** Browser origins allowed to call the API (CORS); empty: CORS off. */
  corsOrigins: string[];
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** The variables of docs/configuration.md with their defaults, in the order `.env.example` lists them. */
export const CONFIG_DEFAULTS: Record<string, string> = {
  PORT: '3000',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/prospecting',
  DATABASE_REPLICA_URLS: '',
  DATABASE_REPLICA_MAX_LAG: '10s',
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_CLUSTER_NODES: '',
  RATE_LIMITS_ENFORCED: 'true',
  RATE_LIMIT_SEARCH_PER_MINUTE: '60',
  RATE_LIMIT_ENRICH_PER_MINUTE: '300',
  VERIFICATION_ADDRESSES_PER_DAY: '100000',
  EXPORTS_PER_DAY: '50',
  QUOTA_WINDOW: '24h',
  EXPORT_RETENTION: '7d',
  VERIFICATION_RETENTION: '30d',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false',
  WEBHOOK_ALLOWED_PORTS: '443,8443',
  WEBHOOK_MAX_PER_WORKSPACE: '100',
  WEBHOOK_TIMEOUT_MS: '10000',
  WEBHOOK_DNS_SERVERS: '',
  WEBHOOK_DNS_TIMEOUT: '2s',
  WEBHOOK_DNS_CACHE_SIZE: '10000',
  WEBHOOK_RETRY_SCHEDULE: '1m,5m,30m,2h,6h,24h',
  WEBHOOK_DISABLE_AFTER: '3d',
  WEBHOOK_DISABLE_AFTER_TIMEOUTS: '20',
  WEBHOOK_HISTORY_RETENTION: '30d',
  WEBHOOK_CONCURRENCY: '100',
  WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: '20',
  WEBHOOK_MAX_IN_FLIGHT_PER_WORKSPACE: '50',
  WORKER_METRICS_PORT: '9464',
  WORKER_METRICS_HOST: '127.0.0.1',
  OPS_TOKEN: '',
  SECRETS_KEY: '',
  SECRETS_KEY_PREVIOUS: '',
  VERIFICATION_DNS: 'on',
  API_KEY_CACHE_TTL: '5s',
  SEARCH_STATEMENT_TIMEOUT: '10s',
  SEARCH_COUNT_ESTIMATE_ABOVE: '1000000',
  DB_STATEMENT_TIMEOUT: '30s',
  DB_LOCK_TIMEOUT: '10s',
  DB_IDLE_IN_TRANSACTION_TIMEOUT: '30s',
  DB_ACQUIRE_TIMEOUT: '2s',
  REDIS_COMMAND_TIMEOUT: '1s',
  REQUEST_TIMEOUT: '30s',
  LOG_LEVEL: 'info',
  CORS_ORIGINS: '',
  SHUTDOWN_DELAY: '5s',
  SHUTDOWN_TIMEOUT: '20s',
};

class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string {
    const value = this.env[name];
    return value === undefined || value === '' ? CONFIG_DEFAULTS[name] : value;
  }

  integer(name: string, min: number, max: number): number {
    const text = this.raw(name);
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
      this.problems.push(`${name}: expected a whole number from ${min} to ${max}, got "${maskedUrl(text)}"`);
      return min;
    }
    return value;
  }

  boolean(name: string, truthy = ['true', '1', 'yes', 'on'], falsy = ['false', '0', 'no', 'off']): boolean {
    const text = this.raw(name).trim().toLowerCase();
    if (truthy.includes(text)) return true;
    if (!falsy.includes(text))
      this.problems.push(`${name}: expected one of ${[...truthy, ...falsy].join(', ')}, got "${maskedUrl(text)}"`);
    return false;
  }

  url(name: string, protocols: string[]): string {
    const text = this.raw(name).trim();
    try {
      const parsed = new URL(text);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
    } catch {
      this.problems.push(`${name}: expected a ${protocols.join(' or ')} URL, got "${maskedUrl(text)}"`);
    }
    return text;
  }

  duration(name: string, minMs = 0): number {
    const text = this.raw(name);
    const value = parseDuration(text);
    if (value === null || value < minMs) {
      this.problems.push(`${name}: expected a duration such as 500ms, 10s, 1m, 2h or 3d, got "${maskedUrl(text)}"`);
      return minMs;
    }
    return value;
  }

  durationList(name: string): number[] {
    const text = this.raw(name);
    const values = parseDurationList(text);
    if (!values || values.length === 0) {
      this.problems.push(
        `${name}: expected a comma-separated list of durations such as 1m,5m,30m, got "${maskedUrl(text)}"`,
      );
      return [];
    }
    return values;
  }

  /**
   * A comma-separated list whose every item passes `isItem`; empty means none. `expected` finishes the
   * sentence "expected a comma-separated list of …" of the problem reported otherwise (secret values are not echoed).
   */
  list(name: string, isItem: (item: string) => boolean, expected: string, { echo = true } = {}): string[] {
    const text = this.raw(name).trim();
    if (text === '') return [];
    const items = text.split(',').map((s) => s.trim());
    if (!items.every(isItem)) {
      this.problems.push(
        `${name}: expected a comma-separated list of ${expected}${echo ? `, got "${maskedUrl(text)}"` : ''}`,
      );
      return [];
    }
    return items;
  }

  redisCluster(name: string): RedisClusterSettings | null {
    const { cluster, problem } = parseRedisClusterNodes(this.raw(name));
    if (problem) this.problems.push(problem);
    return cluster;
  }

  replicaUrls(name: string): string[] {
    const { urls, problem } = parseReplicaUrls(this.raw(name));
    if (problem) this.problems.push(problem);
    return urls;
  }

  /** Whether the variable was given a value (an empty one counts as unset). */
  isSet(name: string): boolean {
    return (this.env[name] ?? '').trim() !== '';
  }

  /** Distinct ports from 1 to 65535; unset: the default list, or null (any port) when `anyWhenUnset`. */
  ports(name: string, anyWhenUnset: boolean): number[] | null {
    if (anyWhenUnset && !this.isSet(name)) return null;
    const ports = this.list(name, isPort, 'ports from 1 to 65535, such as 443,8443');
    return [...new Set(ports.map(Number))];
  }

  /** `ip`, `ip:port` or `[ipv6]:port` items; empty means none (use the system's). */
  dnsServers(name: string): string[] {
    return this.list(name, isDnsServer, 'IP addresses, each with an optional port (127.0.0.1:5353, [::1]:53)');
  }

  /** Exact origins (`https://app.example.com`, no path); empty means none. */
  origins(name: string): string[] {
    const isOrigin = (origin: string) =>
      URL.canParse(origin) &&
      ['http:', 'https:'].includes(new URL(origin).protocol) &&
      new URL(origin).origin === origin;
    return this.list(
      name,
      isOrigin,
      'origins such as https://app.example.com (scheme, host, optional port; no path or "*")',
    );
  }

  /** An IPv4 or IPv6 address to listen on (`0.0.0.0` / `::` for every interface). */
  listenAddress(name: string): string {
    const text = this.raw(name).trim();
    if (!isIP(text))
      this.problems.push(
        `${name}: expected an IP address to listen on (127.0.0.1, 0.0.0.0, ::), got "${maskedUrl(text)}"`,
      );
    return text;
  }

  /** A comma-separated list of secrets keys; empty means none. */
  secretsKeys(name: string): Buffer[] {
    const keys = this.list(name, (k) => /^[0-9a-fA-F]{64}$/.test(k), 'keys of 64 hexadecimal characters (32 bytes)', {
      echo: false,
    });
    return keys.map((k) => Buffer.from(k, 'hex'));
  }

  /** Empty: off. Otherwise at least 32 printable ASCII characters (it is sent in headers and typed into a browser prompt). */
  opsToken(name: string): string | null {
    const text = this.raw(name).trim();
    if (text === '') return null;
    if (!/^[\x21-\x7e]{32,512}$/.test(text)) {
      this.problems.push(
        `${name}: expected 32 to 512 printable ASCII characters without spaces (e.g. openssl rand -hex 32)`,
      );
      return null;
    }
    return text;
  }

  secretsKey(name: string): Buffer | null {
    const text = this.raw(name).trim();
    if (text === '') return null;
    if (!/^[0-9a-fA-F]{64}$/.test(text)) {
      this.problems.push(`${name}: expected 64 hexadecimal characters (32 bytes)`);
      return null;
    }
    return Buffer.from(text, 'hex');
  }
}

export interface LoadConfigOptions {
  /** Fails when SECRETS_KEY is absent (the API and the worker need it; the CLI does not). */
  requireSecretsKey?: boolean;
}

/** Reads and validates the environment; throws one error naming every bad variable. */
export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): AppConfig {
  const r = new EnvReader(env);
  const allowPrivateTargets = r.boolean('WEBHOOK_ALLOW_PRIVATE_TARGETS');
  const config: AppConfig = {
    port: r.integer('PORT', 0, 65535),
    databaseUrl: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseReplicaUrls: r.replicaUrls('DATABASE_REPLICA_URLS'),
    databaseReplicaMaxLagMs: r.duration('DATABASE_REPLICA_MAX_LAG', 1),
    redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
    redisCluster: r.redisCluster('REDIS_CLUSTER_NODES'),
    rateLimitsEnforced: r.boolean('RATE_LIMITS_ENFORCED'),
    rateLimitSearchPerMinute: r.integer('RATE_LIMIT_SEARCH_PER_MINUTE', 1, 1_000_000),
    rateLimitEnrichPerMinute: r.integer('RATE_LIMIT_ENRICH_PER_MINUTE', 1, 1_000_000),
    verificationAddressesPerDay: r.integer('VERIFICATION_ADDRESSES_PER_DAY', 0, 1_000_000_000),
    exportsPerDay: r.integer('EXPORTS_PER_DAY', 0, 1_000_000),
    quotaWindowMs: r.duration('QUOTA_WINDOW', 1000),
    exportRetentionMs: r.duration('EXPORT_RETENTION', 1000),
    verificationRetentionMs: r.duration('VERIFICATION_RETENTION', 1000),
    webhookAllowPrivateTargets: allowPrivateTargets,
    webhookAllowedPorts: r.ports('WEBHOOK_ALLOWED_PORTS', allowPrivateTargets),
    webhookMaxPerWorkspace: r.integer('WEBHOOK_MAX_PER_WORKSPACE', 1, 100_000),
    webhookTimeoutMs: r.integer('WEBHOOK_TIMEOUT_MS', 1, 600_000),
    webhookDnsServers: r.dnsServers('WEBHOOK_DNS_SERVERS'),
    webhookDnsTimeoutMs: r.duration('WEBHOOK_DNS_TIMEOUT', 1),
    webhookDnsCacheSize: r.integer('WEBHOOK_DNS_CACHE_SIZE', 1, 1_000_000),
    webhookRetryScheduleMs: r.durationList('WEBHOOK_RETRY_SCHEDULE'),
    webhookDisableAfterMs: r.duration('WEBHOOK_DISABLE_AFTER', 1),
    webhookDisableAfterTimeouts: r.integer('WEBHOOK_DISABLE_AFTER_TIMEOUTS', 1, 100_000),
    webhookHistoryRetentionMs: r.duration('WEBHOOK_HISTORY_RETENTION', 1),
    webhookConcurrency: r.integer('WEBHOOK_CONCURRENCY', 1, 10_000),
    webhookMaxInFlightPerWebhook: r.integer('WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK', 1, 10_000),
    webhookMaxInFlightPerWorkspace: r.integer('WEBHOOK_MAX_IN_FLIGHT_PER_WORKSPACE', 1, 10_000),
    workerMetricsPort: r.integer('WORKER_METRICS_PORT', 0, 65535),
    workerMetricsHost: r.listenAddress('WORKER_METRICS_HOST'),
    opsToken: r.opsToken('OPS_TOKEN'),
    secretsKey: r.secretsKey('SECRETS_KEY'),
    secretsKeysPrevious: r.secretsKeys('SECRETS_KEY_PREVIOUS'),
    verificationDns: r.boolean('VERIFICATION_DNS'),
    apiKeyCacheTtlMs: r.duration('API_KEY_CACHE_TTL'),
    searchStatementTimeoutMs: r.duration('SEARCH_STATEMENT_TIMEOUT', 1),
    searchCountEstimateAbove: r.integer('SEARCH_COUNT_ESTIMATE_ABOVE', 0, 1_000_000_000_000),
    dbStatementTimeoutMs: r.duration('DB_STATEMENT_TIMEOUT'),
    dbLockTimeoutMs: r.duration('DB_LOCK_TIMEOUT'),
    dbIdleInTransactionTimeoutMs: r.duration('DB_IDLE_IN_TRANSACTION_TIMEOUT'),
    dbAcquireTimeoutMs: r.duration('DB_ACQUIRE_TIMEOUT', 1),
    redisCommandTimeoutMs: r.duration('REDIS_COMMAND_TIMEOUT', 1),
    requestTimeoutMs: r.duration('REQUEST_TIMEOUT', 1),
    shutdownDelayMs: r.duration('SHUTDOWN_DELAY'),
    shutdownTimeoutMs: r.duration('SHUTDOWN_TIMEOUT', 1),
    logLevel: r.raw('LOG_LEVEL'),
    corsOrigins: r.origins('CORS_ORIGINS'),
  };
  if (!['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].includes(config.logLevel)) {
    r.problems.push(`LOG_LEVEL: expected trace, debug, info, warn, error, fatal or silent, got "${config.logLevel}"`);
  }
  if (options.requireSecretsKey && !config.secretsKey && !r.problems.some((p) => p.startsWith('SECRETS_KEY'))) {
    r.problems.push('SECRETS_KEY: required (64 hexadecimal characters); `npm start` generates one into .env');
  }
  if (r.problems.length > 0) throw new ConfigValidationError(r.problems);
  return config;
}
