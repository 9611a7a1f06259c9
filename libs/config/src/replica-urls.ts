import { maskedUrl } from './masked-url';

/**
 * DATABASE_REPLICA_URLS: comma-separated PostgreSQL URLs of streaming replicas; empty means none (every read
 * on the primary). Answers the URLs or the one problem line naming the variable, credentials masked.
 */
export function parseReplicaUrls(text: string): { urls: string[]; problem?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { urls: [] };
  const items = trimmed.split(',').map((item) => item.trim());
  const fail = (why: string) => ({
    urls: [],
    problem: `DATABASE_REPLICA_URLS: expected a comma-separated list of postgres:// URLs, ${why}`,
  });
  for (const [index, item] of items.entries()) {
    if (item === '') return fail(`item ${index + 1} is empty`);
    let parsed: URL;
    try {
      parsed = new URL(item);
    } catch {
      return fail(`item ${index + 1} ("${maskedUrl(item)}") is not a URL`);
    }
    if (!['postgres:', 'postgresql:'].includes(parsed.protocol))
      return fail(`item ${index + 1} ("${maskedUrl(item)}") is not postgres:// or postgresql://`);
    if (parsed.hostname === '') return fail(`item ${index + 1} ("${maskedUrl(item)}") names no host`);
  }
  if (new Set(items).size !== items.length) return fail('a URL is listed twice');
  return { urls: items };
}
