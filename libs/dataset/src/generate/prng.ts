/** A small seeded PRNG (sfc32, seeded through cyrb128): the same seed gives the same sequence on every platform. */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items (fewer when there are not enough), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    for (let i = 0; i < count && pool.length > 0; i++)
      out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }

  /** An item chosen with the given relative weights. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of choices) total += w;
    let r = this.next() * total;
    for (const [item, w] of choices) if ((r -= w) < 0) return item;
    return choices[choices.length - 1][0];
  }

  /** A heavy-tailed integer ≥ min: most values small, a few very large (Pareto-like). */
  heavyTail(min: number, max: number, alpha = 1.1): number {
    const u = 1 - this.next();
    return Math.min(max, Math.floor(min / Math.pow(u, 1 / alpha)));
  }
}

/** cyrb128: four 32-bit words from a string. */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** Eight hex digits derived from a seed, used to keep generated ids of different seeds apart. */
export function seedTag(seed: string): string {
  return cyrb128(seed)[0].toString(16).padStart(8, '0');
}
