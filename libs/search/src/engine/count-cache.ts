import { createHash } from 'node:crypto';
import type { PeopleFilters } from '../filters/filter-types';

/**
 * Where counts of searches are kept between requests (Redis in the API). Paging through results
 * asks for the same count on every page; only a dataset load changes it, and every load bumps
 * `dataset_state.version`, which is part of each key with the database's own instance id. A count that
 * follows a workspace's own sets also keys on that workspace and its `search_sets_version`.
 */
export interface CountCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/**
 * A count (or a sort's groups: `person_saved_at`) that follows the workspace's own saves, reveals, lists or
 * exports: cached under the workspace's `search_sets_version` as well as the data set's, which triggers bump on
 * every change to those sets.
 */
export function countFollowsWorkspace(filters: PeopleFilters): boolean {
  const contact = filters.contact_details;
  return (
    !!filters.lists ||
    // Its sort groups (saved or not) follow the saves.
    filters.sort_by === 'person_saved_at' ||
    !!filters.duplicates?.exclude_exported ||
    contact?.email?.revealed !== undefined ||
    contact?.phone?.revealed !== undefined
  );
}

/** A count that leaves out ids given with the request (a credit preview's) is that request's alone: never cached. */
export function countIsCacheable(excludeIds: readonly string[] | undefined): boolean {
  return !(excludeIds && excludeIds.length > 0);
}

/**
 * A digest of what selects the people of a filter set: every filter but the sort (sort and paging change neither a
 * count nor a resolution), after `parts`.
 */
export function selectionDigest(filters: PeopleFilters, ...parts: string[]): string {
  const { sort_by, sort_direction, ...selecting } = filters;
  void sort_by;
  void sort_direction;
  return createHash('sha256')
    .update(JSON.stringify([...parts, selecting]))
    .digest('base64url');
}

/**
 * The key of one count: the database instance and data set version (with the workspace and its sets' version
 * when the count follows them), the day months are counted from, and the filters.
 */
export function countKey(kind: string, version: string, today: string, filters: PeopleFilters): string {
  return `search:count:v${version}:${selectionDigest(filters, kind, today)}`;
}
