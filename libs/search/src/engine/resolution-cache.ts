import type { PeopleFilters } from '../filters/filter-types';
import { selectionDigest } from './count-cache';
import type { DatasetResolution } from './resolve-filters';

/** What one API process keeps of resolved filter sets by default: about 64 MB. */
export const RESOLUTION_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Filter sets resolved against the data set (resolve-filters.ts: locations, the companies of keyword phrases and
 * CONTAINS names, the company set), kept in this process between requests. Paging through a search resolves the
 * same values on every page: 10 to 150 ms of statements a page at 1,000,000 people, the largest part of a warm
 * search with a keyword phrase. Keyed by the data set's instance and version (a load makes every entry unreachable)
 * and bounded by size, the least recently used out first. Kept in the process and not in Redis: a keyword's
 * companies are a list of up to 50,000 ids (about 3 MB here), which a tenant could multiply in a shared cache; a
 * replica that has not seen a filter set resolves it once.
 */
export class ResolutionCache {
  private readonly entries = new Map<string, { value: DatasetResolution; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = RESOLUTION_CACHE_BYTES) {}

  get(key: string): DatasetResolution | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first entry is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: DatasetResolution): void {
    const bytes = key.length + resolutionBytes(value);
    // One entry may take an eighth of the budget at most, so that one huge list does not flush the rest.
    if (bytes > this.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  /** Bytes the kept entries take, as resolutionBytes reckons them. */
  get size(): number {
    return this.bytes;
  }
}

/** The key of a filter set's resolution on one data set version: every filter but the sort and the paging. */
export function resolutionKey(version: string, filters: PeopleFilters): string {
  return `${version}:${selectionDigest(filters)}`;
}

/** Memory a resolution holds, reckoned as V8 keeps one-byte strings: a header of about 32 bytes and a byte a character. */
export function resolutionBytes(value: DatasetResolution): number {
  let bytes = 64;
  const strings = (list: readonly string[] | string | undefined) => {
    if (Array.isArray(list)) for (const s of list) bytes += 32 + s.length;
  };
  strings(value.personLocation?.include);
  strings(value.personLocation?.exclude);
  strings(value.companyLocation?.include);
  strings(value.companyLocation?.exclude);
  strings(value.keywordCompanyIds);
  strings(value.nameContainsCompanyIds);
  strings(value.companyIds);
  return bytes;
}
