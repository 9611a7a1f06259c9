// Plain constants (no Nest imports) so body-limits.spec.ts can build the largest legal bodies against them.
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '@app/common/http/json-cost';

/** What one route's JSON body may be: bytes after decompression, and values as jsonCostBreach counts them. */
export interface BodyLimits {
  maxBytes: number;
  maxValues: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Each limit is the route's largest legal body, computed below as compact JSON with every piece of free
 * text at its character maximum and 4 bytes a character (the UTF-8 worst case), then rounded up with room
 * for pretty-printing. Depth (MAX_JSON_DEPTH) and keys per object (MAX_JSON_KEYS) are the same everywhere.
 * A body over `maxBytes` answers 413; over `maxValues`, 400 `too_many_values`.
 */
export const BODY_LIMITS = {
  /** A route without a body accepts none, or `{}` (see JsonBodyInterceptor). */
  none: { maxBytes: 1 * KiB, maxValues: 16 },
  /** POST /v2/lists: a 200-character name (800 B) and a type: under 1 KB. */
  listCreate: { maxBytes: 4 * KiB, maxValues: 16 },
  /**
   * POST and PATCH /v2/webhooks: a URL at the 2,048-character cap (8 KB), a 500-character description (2 KB),
   * at most 16 event types (320 B) and a status: 10.4 KB.
   */
  webhook: { maxBytes: 16 * KiB, maxValues: 64 },
  /** POST /v2/webhooks/{id}/rotate-secret (`grace`: a duration, `7d`) and /recover (`since`: at most 64 characters, 256 B). */
  webhookAction: { maxBytes: 1 * KiB, maxValues: 16 },
  /** PATCH /v2/companies/{id}: a 500-character name, 2 KB. */
  companyPatch: { maxBytes: 4 * KiB, maxValues: 16 },
  /** PATCH /v2/people/{id}: a 254-character email, 1 KB. */
  personPatch: { maxBytes: 2 * KiB, maxValues: 16 },
  /** POST /v2/search/suggest: a type, a 100-character query (400 B) and a limit. */
  suggest: { maxBytes: 2 * KiB, maxValues: 16 },
  /** POST /v2/people/lists/remove: a list id and 500 person ids of 24 characters (13.5 KB, 503 values). */
  listRemoval: { maxBytes: 32 * KiB, maxValues: 1_024 },
  /**
   * POST /v2/companies/save: 500 items, each an object holding a lookup value at the 2,048-character cap
   * (longer ones answer 400), in ASCII: 1.04 MB, about 1,500 values with 20 list ids.
   */
  companiesSave: { maxBytes: 2 * MiB, maxValues: 4_096 },
  /**
   * POST /v2/people/search: the filter set with every list at its maximum (40,000 company ids, 1,000 person
   * and 1,000 company names of 200 characters, …): 47,900 values, 1.75 MB in ASCII and 2.9 MB in 3-byte
   * characters (body-limits.spec.ts builds it).
   */
  peopleSearch: { maxBytes: 4 * MiB, maxValues: 64_000 },
  /**
   * POST /v2/people/calculate-credits, /save and /export: that filter set plus 25,000 `exclude_ids` and 20
   * list ids: 72,900 values, 2.4 MB in ASCII and 3.55 MB in 3-byte characters (25,000 items in `data` are less).
   */
  peopleSelection: { maxBytes: 4 * MiB, maxValues: 100_000 },
  /** POST /v2/email-verifications: 10,000 addresses of at most 254 characters, 2.57 MB in ASCII, 10,002 values. */
  emailVerifications: { maxBytes: 4 * MiB, maxValues: 12_000 },
} as const satisfies Record<string, BodyLimits>;

export { MAX_JSON_DEPTH, MAX_JSON_KEYS };
