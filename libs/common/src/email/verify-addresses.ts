/**
 * Verification of a batch of normalised addresses: syntax, then, only for an address the job's
 * workspace owns, the status the service database stores for it, then the domain check. Plain
 * module, unit-tested directly.
 *
 * Why ownership: stored statuses are part of the paid data. Free search shows a person's name,
 * company domain and that a valid email exists, so answering stored statuses to anyone would let
 * a workspace confirm guessed addresses for free (docs/email-verification.md). An address the
 * workspace does not own gets only what anyone could learn without our data.
 */
import { DomainAnswer, DomainResolver } from './domain-resolver';
import { splitAddress, syntaxProblem } from './email-address';

export const VERIFICATION_STATUSES = ['valid', 'invalid', 'accept_all', 'unknown'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Email statuses of the dataset (docs/dataset.md). */
export type StoredEmailStatus = 'valid' | 'invalid' | 'accept_all' | 'not_found';

/** Answers the stored status of the addresses the service database knows (normalised form as key). */
export type StoredStatusLookup = (addresses: string[]) => Promise<Map<string, StoredEmailStatus>>;

/** Answers which of the addresses (normalised) the job's workspace owns: an email a save revealed to it. */
export type OwnedAddressLookup = (addresses: string[]) => Promise<Set<string>>;

/**
 * Without an SMTP conversation (which the service does not hold) a domain that accepts mail says
 * nothing about the mailbox: the address stays `unknown`. A domain that cannot receive mail makes
 * every address on it `invalid`.
 */
export const STATUS_BY_DOMAIN_ANSWER: Record<DomainAnswer, VerificationStatus> = {
  mail: 'unknown',
  no_mail: 'invalid',
  no_answer: 'unknown',
};

export interface VerifyOptions {
  /** Which addresses the stored status may answer; every other one gets the independent checks only. */
  ownedAddresses: OwnedAddressLookup;
  /** Asked only for owned addresses. */
  storedStatuses: StoredStatusLookup;
  /** null: the domain check is switched off (VERIFICATION_DNS=off); addresses stay `unknown`. */
  resolver: DomainResolver | null;
  /** Answers per domain, shared across the chunks of one job so each domain is asked once. */
  domainCache?: Map<string, Promise<DomainAnswer>>;
  /** Domain lookups in flight at once. */
  concurrency?: number;
}

/** The status of each address, in input order. */
export async function verifyAddresses(
  addresses: readonly string[],
  options: VerifyOptions,
): Promise<VerificationStatus[]> {
  const statuses: VerificationStatus[] = new Array(addresses.length);
  const wellFormed: number[] = [];
  addresses.forEach((address, i) => {
    if (syntaxProblem(address) !== null) statuses[i] = 'invalid';
    else wellFormed.push(i);
  });

  const owned =
    wellFormed.length > 0 ? await options.ownedAddresses(wellFormed.map((i) => addresses[i])) : new Set<string>();
  const ownedList = wellFormed.map((i) => addresses[i]).filter((address) => owned.has(address));
  const stored = ownedList.length > 0 ? await options.storedStatuses(ownedList) : new Map<string, StoredEmailStatus>();
  const byDomain = new Map<string, number[]>();
  for (const i of wellFormed) {
    const known = owned.has(addresses[i]) ? stored.get(addresses[i]) : undefined;
    if (known && known !== 'not_found') {
      statuses[i] = known;
      continue;
    }
    if (!options.resolver) {
      statuses[i] = 'unknown';
      continue;
    }
    const domain = splitAddress(addresses[i])!.asciiDomain;
    const group = byDomain.get(domain);
    if (group) group.push(i);
    else byDomain.set(domain, [i]);
  }

  const resolver = options.resolver;
  if (resolver && byDomain.size > 0) {
    const cache = options.domainCache ?? new Map<string, Promise<DomainAnswer>>();
    await forEachLimited([...byDomain.keys()], options.concurrency ?? 32, async (domain) => {
      let answer = cache.get(domain);
      if (!answer) {
        answer = resolver.lookup(domain).catch((): DomainAnswer => 'no_answer');
        cache.set(domain, answer);
      }
      const status = STATUS_BY_DOMAIN_ANSWER[await answer];
      for (const i of byDomain.get(domain)!) statuses[i] = status;
    });
  }
  return statuses;
}

/** Tally of statuses, the `counts` member of a job. */
export function countStatuses(statuses: readonly VerificationStatus[]): Record<VerificationStatus, number> {
  const counts = { valid: 0, invalid: 0, accept_all: 0, unknown: 0 };
  for (const status of statuses) counts[status] += 1;
  return counts;
}

async function forEachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}
