/** A parameterised SQL statement: the text holds only `$n::type` placeholders, `values` their values. */
export interface Statement {
  label: string;
  text: string;
  values: unknown[];
}

/** Collects the values of one statement; SQL text only ever holds `$n` placeholders, never a value. */
export class SqlParams {
  readonly values: unknown[];
  private readonly seen = new Map<unknown, string>();

  /** `values`: those of a statement this one embeds (`WITH s AS (…)`), so new placeholders number on after them. */
  constructor(values: readonly unknown[] = []) {
    this.values = [...values];
  }

  /** The placeholder of `value`, typed with `cast` (`text[]`, `date` …) so PostgreSQL never guesses. */
  add(value: unknown, cast: string): string {
    // The same scalar (the workspace id, today's date) is sent once however often it is used.
    const key = typeof value === 'string' || typeof value === 'number' ? `${cast}|${typeof value}|${value}` : undefined;
    const known = key === undefined ? undefined : this.seen.get(key);
    if (known) return known;
    this.values.push(value);
    const placeholder = `$${this.values.length}::${cast}`;
    if (key !== undefined) this.seen.set(key, placeholder);
    return placeholder;
  }

  /**
   * The value as `(SELECT $n::cast)`, for a workspace or list id that selects the workspace's own
   * rows. PostgreSQL then estimates those rows as the id column's average share of the table, not
   * from the per-value statistics of the last ANALYZE: a bulk save outdates those at once (autovacuum
   * may be off, and lags anyway), and a workspace they do not know is estimated at one row. Planned
   * from one row, 27,000 saved people were joined by nested loops that rescanned them per person.
   */
  addOpaque(value: unknown, cast: string): string {
    // An array is cast once more: `= ANY((SELECT …))` would read as ANY over the subquery's rows.
    return `(SELECT ${this.add(value, cast)})${cast.endsWith('[]') ? `::${cast}` : ''}`;
  }

  /** The statement of `text` over these values, checked by `checkPlaceholders`. */
  statement(label: string, text: string): Statement {
    checkPlaceholders(label, text, this.values.length);
    return { label, text, values: this.values };
  }
}

/**
 * Throws unless `text` reads each of its `count` values, every time through a cast. PostgreSQL
 * types a parameter from where the text uses it: one never used fails the whole statement ("could
 * not determine data type of parameter $n"), which is how a preview whose SQL left out the ORDER
 * BY that used a value answered 500. Checked on every statement built, so such a statement fails
 * the unit specs instead of reaching the database; the cost is one scan of the text.
 */
export function checkPlaceholders(label: string, text: string, count: number): void {
  const used = new Array<boolean>(count).fill(false);
  for (const match of text.matchAll(/\$(\d+)(::)?/g)) {
    const n = Number(match[1]);
    if (n < 1 || n > count) throw new Error(`statement "${label}": $${n} has no value (${count} values)`);
    if (!match[2]) throw new Error(`statement "${label}": $${n} has no cast`);
    used[n - 1] = true;
  }
  const unused = used.indexOf(false);
  if (unused >= 0) throw new Error(`statement "${label}": $${unused + 1} is never read`);
}

/** ANDs conditions; an empty list is `true`. */
export const allOf = (conditions: readonly string[]): string =>
  conditions.length === 0 ? 'true' : conditions.map((c) => `(${c})`).join(' AND ');

/** ORs conditions; an empty list is `false`. */
export const anyOf = (conditions: readonly string[]): string =>
  conditions.length === 0 ? 'false' : conditions.map((c) => `(${c})`).join(' OR ');

/** NOT that also keeps rows where the condition is NULL (an exclude never drops people it knows nothing about). */
export const none = (condition: string): string => `NOT COALESCE(${condition}, false)`;
