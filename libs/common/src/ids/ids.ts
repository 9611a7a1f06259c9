import { randomBytes, randomUUID } from 'node:crypto';
import { ulid } from 'ulid';

/** Prefixes of our opaque ids (docs/api.md#ids). */
export const ID_PREFIX = {
  workspace: 'ws_',
  member: 'mem_',
  apiKey: 'key_',
  list: 'lst_',
  webhook: 'wh_',
  delivery: 'dlv_',
  event: 'evt_',
  notification: 'ntf_',
  creditTransaction: 'ctx_',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

// ulid's default PRNG asks the OS for one random value per character (16 calls per id), which
// shows in the worker's profile; drawing the same CSPRNG bytes from a pool is equally random.
// A byte over 256 maps onto the 32 ULID characters uniformly.
let pool = Buffer.alloc(0);
let poolAt = 0;
function pooledRandom(): number {
  if (poolAt >= pool.length) {
    pool = randomBytes(4096);
    poolAt = 0;
  }
  return pool[poolAt++] / 256;
}

/** A new opaque id: prefix plus a ULID, so ids sort by creation time. */
export function newId(kind: IdKind): string {
  return ID_PREFIX[kind] + ulid(undefined, pooledRandom);
}

export function newJobId(): string {
  return randomUUID();
}

export { HEX24, isHex24, isOpaqueId, isUuid, UUID } from './id-formats';
