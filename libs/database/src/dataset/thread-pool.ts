import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Threads a load makes rows in: one per core, at most four (the database needs the cores too). */
export const loadThreads = (): number => Math.min(4, availableParallelism());

/**
 * Worker threads running one script; `run` sends a task to the next thread in turn and answers its reply. A thread
 * answers its tasks in the order it got them, so answers come back in the order they were asked when they are
 * awaited in that order. A thread that fails fails its waiting tasks and every later one.
 */
export class ThreadPool<Task, Answer> {
  private readonly threads: Array<{ worker: Worker; waiting: Array<Waiting<Answer>> }>;
  private next = 0;
  private failure: Error | null = null;

  constructor(script: string, workerData: unknown, size = loadThreads()) {
    this.threads = Array.from({ length: Math.max(1, size) }, () => {
      const thread = { worker: new Worker(script, { workerData }), waiting: [] as Array<Waiting<Answer>> };
      thread.worker.on('message', (answer: Answer) => thread.waiting.shift()?.resolve(answer));
      thread.worker.on('error', (error) => this.fail(error));
      thread.worker.on('exit', (code) => this.fail(new Error(`a load thread exited (code ${code})`)));
      return thread;
    });
  }

  get size(): number {
    return this.threads.length;
  }

  run(task: Task): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    const thread = this.threads[this.next++ % this.threads.length];
    const answer = new Promise<Answer>((resolve, reject) => thread.waiting.push({ resolve, reject }));
    thread.worker.postMessage(task);
    return answer;
  }

  async stop(): Promise<void> {
    for (const t of this.threads) t.worker.removeAllListeners('exit');
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
    this.fail(new Error('the load threads were stopped'));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const t of this.threads) for (const task of t.waiting.splice(0)) task.reject(error);
  }
}

interface Waiting<Answer> {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** A Buffer over bytes a thread sent (they arrive as a plain Uint8Array). */
export const asBuffer = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
