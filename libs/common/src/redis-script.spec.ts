import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RedisClient } from './redis';
import { RedisScript } from './redis-script';

describe('RedisScript', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pws-script-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'keep-max.lua');
  writeFileSync(file, "return redis.call('GET', KEYS[1])");

  /** A client that records what it is asked: defineCommand once, then the command with keys and args. */
  function fakeClient() {
    const calls: unknown[][] = [];
    const client: Record<string, unknown> = {
      defineCommand: (name: string, definition: unknown) => {
        calls.push(['define', name, definition]);
        client[name] = (...args: unknown[]) => Promise.resolve(calls.push(['run', name, ...args]));
      },
    };
    return { client: client as unknown as RedisClient, calls };
  }

  it('defines its command once per client, with its declared number of keys, and passes keys before args', async () => {
    const script = new RedisScript(file, 1);
    const { client, calls } = fakeClient();
    await script.run(client, ['k'], [1, 'x']);
    await script.run(client, ['j'], [2]);
    expect(calls).toEqual([
      ['define', 'pws_keep_max', { lua: "return redis.call('GET', KEYS[1])", numberOfKeys: 1 }],
      ['run', 'pws_keep_max', 'k', 1, 'x'],
      ['run', 'pws_keep_max', 'j', 2],
    ]);
  });

  it('refuses a call with another number of keys than declared', () => {
    const script = new RedisScript(file, 2);
    expect(() => script.run(fakeClient().client, ['only-one'], [])).toThrow('pws_keep_max takes 2 keys, was given 1');
  });
});
