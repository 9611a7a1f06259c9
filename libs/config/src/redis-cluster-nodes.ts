import { isIP } from 'node:net';
import { maskedUrl } from './masked-url';

/** One seed node of a Redis Cluster; the client learns the other nodes from it. */
export interface RedisClusterNode {
  host: string;
  port: number;
}

/** REDIS_CLUSTER_NODES, read: the seed nodes and the credentials and TLS every node of the cluster is reached with. */
export interface RedisClusterSettings {
  nodes: RedisClusterNode[];
  username?: string;
  password?: string;
  tls: boolean;
}

interface ParsedItem extends RedisClusterNode {
  /** Only for URL items: `host:port` items take what the URL items say. */
  auth?: { username?: string; password?: string; tls: boolean };
}

const PORT = /^\d{1,5}$/;
const validPort = (text: string) => PORT.test(text) && Number(text) >= 1 && Number(text) <= 65535;
const validHost = (host: string) => isIP(host) !== 0 || /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(host);

function parseItem(item: string): ParsedItem | string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(item)) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return 'is not a URL';
    }
    if (!['redis:', 'rediss:'].includes(url.protocol)) return 'is not redis:// or rediss://';
    if (!['', '/', '/0'].includes(url.pathname)) return 'names a database (a cluster has only database 0)';
    if (url.search || url.hash) return 'has a query or fragment';
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!validHost(host)) return 'names no host';
    return {
      host,
      port: url.port ? Number(url.port) : 6379,
      auth: {
        username: url.username ? decodeURIComponent(url.username) : undefined,
        password: url.password ? decodeURIComponent(url.password) : undefined,
        tls: url.protocol === 'rediss:',
      },
    };
  }
  const match = /^\[([^\]]+)\]:(\d+)$/.exec(item) ?? /^([^:[\]]+):(\d+)$/.exec(item);
  if (!match) return 'is not host:port';
  if (!validHost(match[1]) || (match[0].startsWith('[') && isIP(match[1]) !== 6)) return 'has a bad host';
  if (!validPort(match[2])) return 'has a port outside 1-65535';
  return { host: match[1], port: Number(match[2]) };
}

/**
 * REDIS_CLUSTER_NODES: comma-separated seed nodes of a Redis Cluster, each `host:port`, `[ipv6]:port` or a
 * `redis://` / `rediss://` URL (`rediss://user:password@host:port`). Credentials and TLS are said once, by the
 * URL items (every URL item must say the same), and apply to every node of the cluster, the discovered ones too.
 * Empty: no cluster (REDIS_URL is used). Answers the settings or the one problem line, credentials masked.
 */
export function parseRedisClusterNodes(text: string): { cluster: RedisClusterSettings | null; problem?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { cluster: null };
  const fail = (why: string) => ({
    cluster: null,
    problem: `REDIS_CLUSTER_NODES: expected a comma-separated list of host:port or redis:// URLs, ${why}`,
  });
  const items = trimmed.split(',').map((item) => item.trim());
  const parsed: ParsedItem[] = [];
  for (const [index, item] of items.entries()) {
    if (item === '') return fail(`item ${index + 1} is empty`);
    const node = parseItem(item);
    if (typeof node === 'string') return fail(`item ${index + 1} ("${maskedUrl(item)}") ${node}`);
    parsed.push(node);
  }
  const keys = parsed.map((node) => `${node.host}:${node.port}`);
  if (new Set(keys).size !== keys.length) return fail('a node is listed twice');
  const auths = parsed.flatMap((node) => (node.auth ? [node.auth] : []));
  const same = (a: ParsedItem['auth'], b: ParsedItem['auth']) =>
    a?.username === b?.username && a?.password === b?.password && a?.tls === b?.tls;
  if (auths.some((auth) => !same(auth, auths[0])))
    return fail('its URLs disagree on the scheme, user or password (one set applies to every node)');
  const auth = auths[0];
  return {
    cluster: {
      nodes: parsed.map(({ host, port }) => ({ host, port })),
      username: auth?.username,
      password: auth?.password,
      tls: auth?.tls ?? false,
    },
  };
}
