import { loadConfig } from './app-config';
import { parseRedisClusterNodes } from './redis-cluster-nodes';

describe('parseRedisClusterNodes', () => {
  it('answers no cluster when empty', () => {
    expect(parseRedisClusterNodes('  ')).toEqual({ cluster: null });
  });

  it('reads host:port, [ipv6]:port and URL items', () => {
    expect(parseRedisClusterNodes('10.0.0.1:7000, redis-a.internal:7001,[::1]:7002')).toEqual({
      cluster: {
        nodes: [
          { host: '10.0.0.1', port: 7000 },
          { host: 'redis-a.internal', port: 7001 },
          { host: '::1', port: 7002 },
        ],
        username: undefined,
        password: undefined,
        tls: false,
      },
    });
  });

  it('takes credentials and TLS from URL items and applies them to every node', () => {
    expect(parseRedisClusterNodes('rediss://app:p%40ss@a:7000,b:7001,rediss://app:p%40ss@c')).toEqual({
      cluster: {
        nodes: [
          { host: 'a', port: 7000 },
          { host: 'b', port: 7001 },
          { host: 'c', port: 6379 },
        ],
        username: 'app',
        password: 'p@ss',
        tls: true,
      },
    });
  });

  it.each([
    ['a:7000,,b:7001', 'item 2 is empty'],
    ['a', 'item 1 ("a") is not host:port'],
    ['a:0', 'has a port outside 1-65535'],
    ['a:70000', 'has a port outside 1-65535'],
    ['http://a:7000', 'is not redis:// or rediss://'],
    ['redis://a:7000/3', 'names a database'],
    ['a:7000,a:7000', 'a node is listed twice'],
    ['redis://:one@a:7000,redis://:two@b:7000', 'disagree'],
    ['redis://a:7000,rediss://b:7000', 'disagree'],
  ])('rejects %s', (text, why) => {
    const { cluster, problem } = parseRedisClusterNodes(text);
    expect(cluster).toBeNull();
    expect(problem).toContain('REDIS_CLUSTER_NODES: expected a comma-separated list');
    expect(problem).toContain(why);
  });

  it('never echoes a password', () => {
    const { problem } = parseRedisClusterNodes('redis://:s3cr3t@a:7000/2');
    expect(problem).toContain('redis://:***@a:7000/2');
    expect(problem).not.toContain('s3cr3t');
  });

  it('is a start-up error in loadConfig', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'nope' })).toThrow(/REDIS_CLUSTER_NODES: expected/);
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'a:7000' }).redisCluster?.nodes).toEqual([{ host: 'a', port: 7000 }]);
  });
});
