/**
 * The ids an import has seen, with the line each was first seen on: 24-hex ids packed into 12 bytes in an
 * open-addressing table. A Map of the id strings took 185 MiB per million ids (2 GiB for a file of 10 million
 * people); this takes 16 bytes a slot, at most 0.7 full (about 270 MiB for 10 million).
 */
export class HexIdSet {
  private keys: Buffer;
  /** Line of each slot's id; 0 marks an empty slot (lines count from 1). */
  private lines: Uint32Array;
  private mask: number;
  private count = 0;
  private readonly scratch = Buffer.alloc(12);

  constructor(capacity = 1 << 16) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(16, capacity)));
    this.keys = Buffer.alloc(size * 12);
    this.lines = new Uint32Array(size);
    this.mask = size - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Records `id` (24 hex digits) as first seen on `line`; answers the line it was first seen on, or 0 if it is new. */
  add(id: string, line: number): number {
    if (this.scratch.write(id, 'hex') !== 12 || id.length !== 24) throw new Error(`not a 24-hex id: ${id}`);
    if (line < 1) throw new Error('lines count from 1');
    for (let slot = this.hash() & this.mask; ; slot = (slot + 1) & this.mask) {
      if (this.lines[slot] === 0) {
        this.scratch.copy(this.keys, slot * 12);
        this.lines[slot] = line;
        if (++this.count > this.mask * 0.7) this.grow();
        return 0;
      }
      if (this.keys.compare(this.scratch, 0, 12, slot * 12, slot * 12 + 12) === 0) return this.lines[slot];
    }
  }

  /** The line `id` was first seen on (the number recorded with it), or 0 when it was not seen. */
  get(id: string): number {
    if (this.scratch.write(id, 'hex') !== 12 || id.length !== 24) return 0;
    for (let slot = this.hash() & this.mask; ; slot = (slot + 1) & this.mask) {
      if (this.lines[slot] === 0) return 0;
      if (this.keys.compare(this.scratch, 0, 12, slot * 12, slot * 12 + 12) === 0) return this.lines[slot];
    }
  }

  /** The three words of the id through murmur3's finalizer: sequential ids (the last digits vary) spread over the table. */
  private hash(): number {
    const s = this.scratch;
    let h = Math.imul(s.readUInt32BE(0) ^ (s.readUInt32BE(4) >>> 7), 0x9e3779b1) ^ s.readUInt32BE(4);
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) ^ s.readUInt32BE(8);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  }

  private grow(): void {
    const keys = this.keys;
    const lines = this.lines;
    const size = lines.length * 2;
    this.keys = Buffer.alloc(size * 12);
    this.lines = new Uint32Array(size);
    this.mask = size - 1;
    for (let old = 0; old < lines.length; old++) {
      if (lines[old] === 0) continue;
      keys.copy(this.scratch, 0, old * 12, old * 12 + 12);
      let slot = this.hash() & this.mask;
      while (this.lines[slot] !== 0) slot = (slot + 1) & this.mask;
      this.scratch.copy(this.keys, slot * 12);
      this.lines[slot] = lines[old];
    }
  }
}
