/**
 * Session settings of the search pool's connections:
 * - `jit=off`: JIT compiling costs 100-300 ms per statement, more than most searches take without it.
 * - `work_mem=32MB`: sorts and hashes of a few hundred thousand matches stay off disk.
 * - `enable_memoize=off`: Memoize misjudges a million-row semi-join to a company set (1.27 s with
 *   it, 0.72 s hashed).
 * - `effective_io_concurrency=256`: a broad count (department group Sales: 165,000 people on 82,000
 *   heap pages) read from a cold page cache one page at a time took 5.6 s; with 256 reads of the
 *   bitmap heap scan prefetched at once, 0.9 s (SSD-class storage, where PostgreSQL's default of 1
 *   leaves the device idle).
 */
export const SEARCH_SESSION_OPTIONS =
  '-c jit=off -c work_mem=32MB -c enable_memoize=off -c effective_io_concurrency=256';
