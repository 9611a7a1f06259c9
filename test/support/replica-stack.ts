/** The API with DATABASE_REPLICA_URLS on a real streaming replica (test/support/replica.ts), and its routing metrics. */
import { randomBytes } from 'node:crypto';
import { eventually } from './http';
import { startReplica, TestReplica } from './replica';
import { startStack, TestStack } from './stack';

export interface ReplicaStack {
  stack: TestStack;
  replica: TestReplica;
  opsToken: string;
  /** Sum of a routing counter's samples whose labels include `labels` (`pws_api_db_reads_total`, …). */
  metric(name: string, labels?: Record<string, string>): Promise<number>;
  /** Waits until /health shows replica_1 up and taking reads. */
  replicaServing(timeoutMs?: number): Promise<void>;
}

export async function startReplicaStack(env: Record<string, string> = {}): Promise<ReplicaStack> {
  const replica = await startReplica();
  const opsToken = randomBytes(24).toString('hex');
  let stack: TestStack;
  try {
    stack = await startStack({
      env: (db) => ({ DATABASE_REPLICA_URLS: replica.url(db.name), OPS_TOKEN: opsToken, ...env }),
    });
  } catch (error) {
    await replica.stop();
    throw error;
  }
  const metric = async (name: string, labels: Record<string, string> = {}) => {
    const res = await fetch(`${stack.base}/metrics`, { headers: { authorization: `Bearer ${opsToken}` } });
    const text = await res.text();
    let sum = 0;
    for (const line of text.split('\n')) {
      const match = /^([a-z_]+)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
      if (!match || match[1] !== name) continue;
      const shown = match[2] ?? '';
      if (Object.entries(labels).every(([k, v]) => shown.includes(`${k}="${v}"`))) sum += Number(match[3]);
    }
    return sum;
  };
  const replicaServing = async (timeoutMs = 30_000) => {
    await replica.caughtUp();
    await eventually(
      async () => {
        const body = (await stack.anon.get('/health')).body;
        const r = body?.data?.replicas?.[0];
        return r?.up === true && r?.refused === null;
      },
      timeoutMs,
      200,
    );
  };
  return { stack: stack!, replica, opsToken, metric, replicaServing };
}

export async function stopReplicaStack(rs: ReplicaStack | undefined): Promise<void> {
  if (!rs) return;
  await rs.stack.close().catch(() => undefined);
  await rs.replica.stop();
}
