import { pingRedis } from './redis-ping';

describe('pingRedis', () => {
  it('fails at once, without sending, while the client is not connected (an offline queue would hold the PING)', async () => {
    const ping = jest.fn(() => new Promise<'PONG'>(() => undefined));
    for (const status of ['connecting', 'reconnecting', 'close', 'end', 'wait'] as const) {
      await expect(pingRedis({ status, ping })).rejects.toThrow(`not connected (${status})`);
    }
    expect(ping).not.toHaveBeenCalled();
  });

  it('pings a connected client', async () => {
    const ping = jest.fn(async () => 'PONG' as const);
    await expect(pingRedis({ status: 'ready', ping } as never)).resolves.toBeUndefined();
    expect(ping).toHaveBeenCalledTimes(1);
  });
});
