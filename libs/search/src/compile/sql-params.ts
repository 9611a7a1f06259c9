/** Collects the values of one statement; SQL text only ever holds `$n` placeholders, never a value. */
export class SqlParams {
  readonly values: unknown[] = [];
  private readonly seen = new Map<unknown, string>();

  /** The placeholder of `value`, typed with `cast` (`text[]`, `date` …) so PostgreSQL never guesses. */
  add(value: unknown, cast?: string): string {
    // The same scalar (the workspace id, today's date) is sent once however often it is used.
    const key = typeof value === 'string' || typeof value === 'number' ? `${cast}|${typeof value}|${value}` : undefined;
    const known = key === undefined ? undefined : this.seen.get(key);
    if (known) return known;
    this.values.push(value);
    const placeholder = `$${this.values.length}${cast ? `::${cast}` : ''}`;
    if (key !== undefined) this.seen.set(key, placeholder);
    return placeholder;
  }
}

/** ANDs conditions; an empty list is `true`. */
export const allOf = (conditions: readonly string[]): string => (conditions.length === 0 ? 'true' : conditions.map((c) => `(${c})`).join(' AND '));

/** ORs conditions; an empty list is `false`. */
export const anyOf = (conditions: readonly string[]): string => (conditions.length === 0 ? 'false' : conditions.map((c) => `(${c})`).join(' OR '));

/** NOT that also keeps rows where the condition is NULL (an exclude never drops people it knows nothing about). */
export const none = (condition: string): string => `NOT COALESCE(${condition}, false)`;
