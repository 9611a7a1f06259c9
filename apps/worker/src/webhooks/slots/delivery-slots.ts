import type { RedisClient } from '@app/common/redis';
import { RedisScript } from '@app/common/redis-script';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export interface SlotLimits {
  perWebhook: number;
  perWorkspace: number;
  /** A slot not renewed within this long is free again (its holder died). */
  ttlMs: number;
}

/**
 * What renewing answers: the slots still held, the drain's fair share of the workspace cap (its
 * webhook's share less the slots of the webhook's other drains, so 0 or less means give up every
 * lane) and the other webhooks waiting for slots.
 */
export interface KeptSlots {
  held: string[];
  share: number;
  wanting: string[];
}

/**
 * Base of the slot keys. No hash tag of its own (unlike the queues' `{pws}`): the workspace's id is
 * the tag, so workspaces spread over a Redis Cluster's masters.
 */
export const SLOT_KEY_BASE = 'pws:wh-slots';

const TAKE = new RedisScript(join(__dirname, 'take-slots.lua'), 3);
const KEEP = new RedisScript(join(__dirname, 'keep-slots.lua'), 3);
const GIVE = new RedisScript(join(__dirname, 'give-slots.lua'), 3);
const ADOPT = new RedisScript(join(__dirname, 'adopt-slots.lua'), 2);

/**
 * The per-webhook and per-workspace in-flight caps of webhook delivery (docs/webhook-delivery.md,
 * "In-flight limits"). Redis holds only the slots, as members of two sorted sets scored by their
 * expiry, and the webhooks the workspace cap held back; waiting work lives in `webhook_tasks`.
 * Each step is one script whose keys are all declared and share the workspace's hash tag, so it
 * runs on Redis Cluster.
 */
export class DeliverySlots {
  constructor(
    private readonly redis: RedisClient,
    readonly limits: SlotLimits,
    private readonly base = SLOT_KEY_BASE,
  ) {}

  /** Up to `want` slots of the webhook, as far as its cap, its workspace's and (while others want slots) its fair share allow. */
  async take(workspaceId: string, webhookId: string, want: number): Promise<string[]> {
    if (want <= 0) return [];
    const { perWorkspace, perWebhook, ttlMs } = this.limits;
    const token = randomBytes(6).toString('base64url');
    return (await TAKE.run(this.redis, this.keys(workspaceId, webhookId), [
      ttlMs,
      perWorkspace,
      perWebhook,
      want,
      webhookId,
      token,
    ])) as string[];
  }

  /**
   * The slots a drain job carries, still held, under new names that only this run knows: a job run twice (a
   * duplicate, or retried after its worker died holding them) must not send twice on one slot.
   */
  async adopt(workspaceId: string, webhookId: string, members: string[]): Promise<string[]> {
    if (members.length === 0) return [];
    const [workspaceKey, webhookKey] = this.keys(workspaceId, webhookId);
    return (await ADOPT.run(
      this.redis,
      [workspaceKey, webhookKey],
      [this.limits.ttlMs, webhookId, randomBytes(6).toString('base64url'), ...members],
    )) as string[];
  }

  /** Renews the slots still held (an expired one is gone for good) and answers the fair share of the workspace cap. */
  async keep(workspaceId: string, webhookId: string, members: string[]): Promise<KeptSlots> {
    const [held, share, ...wanting] = (await KEEP.run(this.redis, this.keys(workspaceId, webhookId), [
      this.limits.ttlMs,
      this.limits.perWorkspace,
      webhookId,
      ...members,
    ])) as [string[], number, ...string[]];
    return { held, share: Number(share), wanting };
  }

  /** Frees slots; answers how many were still held and the other webhooks of the workspace that want slots. */
  async give(workspaceId: string, webhookId: string, members: string[]): Promise<{ freed: number; wanting: string[] }> {
    if (members.length === 0) return { freed: 0, wanting: [] };
    const [freed, ...wanting] = (await GIVE.run(this.redis, this.keys(workspaceId, webhookId), [
      this.limits.ttlMs,
      webhookId,
      ...members,
    ])) as [number, ...string[]];
    return { freed: Number(freed), wanting };
  }

  /** The workspace's id is the hash tag: a script's keys all live in one Redis Cluster slot. */
  private keys(workspaceId: string, webhookId: string): [string, string, string] {
    const base = `${this.base}:{${workspaceId}}`;
    return [`${base}:ws`, `${base}:hook:${webhookId}`, `${base}:wanting`];
  }
}
