import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThreadPool } from './thread-pool';

/** A worker that answers n * factor after a delay that shrinks with n (later tasks would finish first), and dies on -1. */
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', (n) => {
  if (n === -1) throw new Error('worker broke');
  const until = Date.now() + Math.max(0, 20 - n);
  while (Date.now() < until);
  parentPort.postMessage(n * workerData.factor);
});`;

describe('ThreadPool', () => {
  let dir: string;
  let script: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'thread-pool-'));
    script = join(dir, 'worker.js');
    writeFileSync(script, SCRIPT);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every task with its own answer, whichever thread ran it', async () => {
    const pool = new ThreadPool<number, number>(script, { factor: 3 }, 3);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => pool.run(n)));
      expect(answers).toEqual(Array.from({ length: 20 }, (_, n) => n * 3));
    } finally {
      await pool.stop();
    }
  });

  it('fails the waiting tasks and every later one when a thread dies, and still stops', async () => {
    const pool = new ThreadPool<number, number>(script, { factor: 1 }, 2);
    try {
      const broken = pool.run(-1);
      const waiting = pool.run(5);
      await expect(broken).rejects.toThrow('worker broke');
      await expect(pool.run(7)).rejects.toThrow('worker broke');
      await waiting.catch(() => undefined);
    } finally {
      await pool.stop();
    }
    await expect(pool.run(1)).rejects.toThrow();
  });
});
