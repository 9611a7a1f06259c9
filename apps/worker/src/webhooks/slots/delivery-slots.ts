import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

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

type Script = (...args: (string | number)[]) => Promise<unknown>;

const lua = (name: string) => readFileSync(join(__dirname, `${name}.lua`), 'utf8');

/**
 * The per-webhook and per-workspace in-flight caps of webhook delivery (docs/webhook-delivery.md,
 * "In-flight limits"). Redis holds only the slots, as members of two sorted sets scored by their
 * expiry, and the webhooks the workspace cap held back; waiting work lives in `webhook_tasks`.
 * Each step is one script whose keys are all declared and share the workspace's hash tag, so it
 * runs on Redis Cluster.
 */
export class DeliverySlots {
  private readonly take_: Script;
  private readonly keep_: Script;
  private readonly give_: Script;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    readonly limits: SlotLimits,
  ) {
    for (const name of ['take-slots', 'keep-slots', 'give-slots'])
      if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 3, lua: lua(name) });
    const command = (name: string) => (redis as unknown as Record<string, Script>)[name].bind(redis);
    this.take_ = command('take-slots');
    this.keep_ = command('keep-slots');
    this.give_ = command('give-slots');
  }

  /** Up to `want` slots of the webhook, as far as its cap, its workspace's and (while others want slots) its fair share allow. */
  async take(workspaceId: string, webhookId: string, want: number): Promise<string[]> {
    if (want <= 0) return [];
    const { perWorkspace, perWebhook, ttlMs } = this.limits;
    const token = randomBytes(6).toString('base64url');
    return (await this.take_(
      ...this.keys(workspaceId, webhookId),
      ttlMs,
      perWorkspace,
      perWebhook,
      want,
      webhookId,
      token,
    )) as string[];
  }

  /** Renews the slots still held (an expired one is gone for good) and answers the fair share of the workspace cap. */
  async keep(workspaceId: string, webhookId: string, members: string[]): Promise<KeptSlots> {
    const [held, share, ...wanting] = (await this.keep_(
      ...this.keys(workspaceId, webhookId),
      this.limits.ttlMs,
      this.limits.perWorkspace,
      webhookId,
      ...members,
    )) as [string[], number, ...string[]];
    return { held, share: Number(share), wanting };
  }

  /** Frees slots; answers how many were still held and the other webhooks of the workspace that want slots. */
  async give(workspaceId: string, webhookId: string, members: string[]): Promise<{ freed: number; wanting: string[] }> {
    if (members.length === 0) return { freed: 0, wanting: [] };
    const [freed, ...wanting] = (await this.give_(
      ...this.keys(workspaceId, webhookId),
      this.limits.ttlMs,
      webhookId,
      ...members,
    )) as [number, ...string[]];
    return { freed: Number(freed), wanting };
  }

  /** The workspace's id is the hash tag: a script's keys all live in one Redis Cluster slot. */
  private keys(workspaceId: string, webhookId: string): [string, string, string] {
    const base = `${this.prefix}:{${workspaceId}}`;
    return [`${base}:ws`, `${base}:hook:${webhookId}`, `${base}:wanting`];
  }
}
