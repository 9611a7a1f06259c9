import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { RedisClient } from './redis';

type Arg = string | number;
type ScriptRunner = (...keysAndArgs: Arg[]) => Promise<unknown>;

/**
 * A Lua script kept in its own `.lua` file (copied into dist/ by the build), read once at start and run as
 * an ioredis custom command (EVALSHA, EVAL when the server has not cached it yet). Every key it touches is
 * passed in KEYS, `numberOfKeys` of them, never built inside the script: on a Redis Cluster the client routes
 * the command by those keys, and keys one script touches together share a hash tag (one slot).
 */
export class RedisScript {
  readonly lua: string;
  /** The custom command's name on the client: `pws` and the file name, so two scripts never share one. */
  readonly command: string;

  constructor(
    file: string,
    readonly numberOfKeys: number,
  ) {
    this.lua = readFileSync(file, 'utf8');
    this.command = `pws_${basename(file, '.lua').replace(/[^A-Za-z0-9]/g, '_')}`;
  }

  /** Runs the script on `client` (defining the command on its first use there). */
  run(client: RedisClient, keys: readonly string[], args: readonly Arg[]): Promise<unknown> {
    if (keys.length !== this.numberOfKeys)
      throw new Error(`${this.command} takes ${this.numberOfKeys} keys, was given ${keys.length}`);
    const commands = client as unknown as Record<string, ScriptRunner | undefined>;
    if (typeof commands[this.command] !== 'function')
      client.defineCommand(this.command, { lua: this.lua, numberOfKeys: this.numberOfKeys });
    return (commands[this.command] as ScriptRunner).call(client, ...keys, ...args);
  }
}
