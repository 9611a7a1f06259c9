import type { ClaimedTask } from '@app/webhooks';
import type { AttemptRecord } from './attempt-recorder';
import { failUnsignableTask, UnsignablePorts } from './unsignable-task';

const task: ClaimedTask = {
  eventId: 'evt_1',
  webhookId: 'wh_1',
  attempt: 3,
  workspaceId: 'ws_1',
  leaseEndsAt: 0,
  url: 'https://receiver.example/hook',
  status: 'active',
  secrets: {
    secret_ciphertext: 'sealed elsewhere',
    previous_secret_ciphertext: null,
    previous_secret_expires_at: null,
  },
  eventType: 'company.saved',
  body: '{}',
};

function portsLogging(steps: string[], noticeFails = false): UnsignablePorts & { recorded: AttemptRecord[] } {
  const recorded: AttemptRecord[] = [];
  return {
    recorded,
    notify: async (webhook) => {
      if (noticeFails) throw new Error('PostgreSQL is away');
      steps.push(`notice ${webhook.webhookId} ${webhook.url}`);
    },
    record: async (attempt, retryUntil) => {
      steps.push(`record until ${retryUntil}`);
      recorded.push(attempt);
    },
  };
}

describe('failUnsignableTask', () => {
  it('tells the admin before recording, so a worker dying in between leaves the task to run again', async () => {
    const steps: string[] = [];
    const ports = portsLogging(steps);
    await failUnsignableTask(ports, task, new Date(1_000), 42);
    expect(steps).toEqual(['notice wh_1 https://receiver.example/hook', 'record until 42']);
    expect(ports.recorded).toEqual([
      expect.objectContaining({
        eventId: 'evt_1',
        webhookId: 'wh_1',
        attempt: 3,
        state: 'failed',
        nextAttemptAt: null,
        status: 'failed',
        error: 'blocked_target',
        responseStatus: null,
        durationMs: 0,
        startedAt: new Date(1_000),
      }),
    ]);
    expect(ports.recorded[0].deliveryId).toMatch(/^dlv_/);
  });

  it('records nothing when the notice cannot be written: the task stays pending for its next run', async () => {
    const steps: string[] = [];
    const ports = portsLogging(steps, true);
    await expect(failUnsignableTask(ports, task, new Date(), 0)).rejects.toThrow('PostgreSQL is away');
    expect(ports.recorded).toEqual([]);
  });
});
