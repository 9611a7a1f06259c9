import net from 'node:net';
import { createRedis, failFastRedisOptions } from './redis';

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a fail-fast Redis client', () => {
  const clients: Array<ReturnType<typeof createRedis>> = [];
  afterAll(() => clients.forEach((c) => c.disconnect()));

  it('rejects a command at once while Redis is not there, instead of queueing it', async () => {
    const client = createRedis(`redis://127.0.0.1:${await closedPort()}`, failFastRedisOptions(1000));
    client.on('error', () => undefined);
    clients.push(client);
    const started = Date.now();
    await expect(client.get('k')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(200);
  });
});
