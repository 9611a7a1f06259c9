import { Cluster } from 'ioredis';
import { closeQueueConnections } from '../redis';
import { enqueueAfterCommit, producerQueueOptions } from './producer-queue';

describe('producerQueueOptions', () => {
  it('gives the API queues a fail-fast connection: no offline queue, no retry, a command timeout', () => {
    const options = producerQueueOptions({
      redisUrl: 'redis://10.0.0.5:6390/3',
      redisCluster: null,
      redisCommandTimeoutMs: 800,
    });
    expect(options.connection).toMatchObject({
      host: '10.0.0.5',
      port: 6390,
      db: 3,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 800,
    });
    expect(options.prefix).toBe('{pws}');
  });

  it('on a cluster: a Cluster client, fail-fast on the cluster and on every node, closed by closeQueueConnections', async () => {
    const options = producerQueueOptions({
      redisUrl: 'redis://unused',
      redisCluster: { nodes: [{ host: '127.0.0.1', port: 1 }], tls: false },
      redisCommandTimeoutMs: 800,
    });
    const client = options.connection as unknown as Cluster;
    expect(client).toBeInstanceOf(Cluster);
    expect(client.options.enableOfflineQueue).toBe(false);
    expect(client.options.redisOptions).toMatchObject({ maxRetriesPerRequest: 0, commandTimeout: 800 });
    await closeQueueConnections();
    expect(['end', 'close', 'disconnecting']).toContain(client.status);
  });
});

describe('enqueueAfterCommit', () => {
  const logger = () => ({ warn: jest.fn() });

  it('answers true when the add goes through, logging nothing', async () => {
    const log = logger();
    await expect(enqueueAfterCommit(() => Promise.resolve('job'), 1000, log, { jobId: 'j1' })).resolves.toBe(true);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('swallows a failed add and logs it for the sweeper', async () => {
    const log = logger();
    await expect(
      enqueueAfterCommit(() => Promise.reject(new Error('Connection is closed.')), 1000, log, { jobId: 'j1' }),
    ).resolves.toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      { jobId: 'j1', reason: 'Connection is closed.' },
      expect.stringContaining('sweeper'),
    );
  });

  it('stops waiting for an add that does not answer in time', async () => {
    const log = logger();
    const started = Date.now();
    await expect(enqueueAfterCommit(() => new Promise(() => undefined), 50, log, { exportId: 'e1' })).resolves.toBe(
      false,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(log.warn).toHaveBeenCalledWith(
      { exportId: 'e1', reason: 'no answer from Redis within 50 ms' },
      expect.any(String),
    );
  });
});
