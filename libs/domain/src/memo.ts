/**
 * A function's results kept by key, forgotten all at once past `limit` keys. For pure functions over a small
 * vocabulary (job titles, places, names), where a data set load calls them millions of times with a few thousand
 * distinct inputs; the limit keeps memory flat when the inputs turn out not to repeat.
 */
export function memoize<K, V>(fn: (key: K) => V, limit = 100_000): (key: K) => V {
  const kept = new Map<K, V>();
  return (key: K): V => {
    let value = kept.get(key);
    if (value === undefined && !kept.has(key)) {
      value = fn(key);
      if (kept.size >= limit) kept.clear();
      kept.set(key, value);
    }
    return value as V;
  };
}
