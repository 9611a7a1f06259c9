import { HexIdSet } from './hex-id-set';

const id = (n: number) => `5e${n.toString(16).padStart(22, '0')}`;

describe('HexIdSet', () => {
  it('answers 0 for a new id and the first line for one seen before, across growths', () => {
    const set = new HexIdSet(16);
    for (let n = 0; n < 5000; n++) expect(set.add(id(n), n + 1)).toBe(0);
    expect(set.size).toBe(5000);
    for (let n = 0; n < 5000; n += 7) expect(set.add(id(n), 99_999)).toBe(n + 1);
    expect(set.size).toBe(5000);
  });

  it('answers the recorded number of an id with get, 0 for one not recorded or not an id', () => {
    const set = new HexIdSet(16);
    for (let n = 0; n < 3000; n += 2) set.add(id(n), n + 1);
    for (let n = 0; n < 3000; n++) expect(set.get(id(n))).toBe(n % 2 === 0 ? n + 1 : 0);
    expect(set.get('xyz')).toBe(0);
  });

  it('tells apart ids that differ in any one digit', () => {
    const set = new HexIdSet();
    const base = 'a'.repeat(24);
    expect(set.add(base, 1)).toBe(0);
    for (let i = 0; i < 24; i++) expect(set.add(`${base.slice(0, i)}b${base.slice(i + 1)}`, i + 2)).toBe(0);
    expect(set.add(base, 50)).toBe(1);
  });

  it('refuses what is not a 24-hex id', () => {
    const set = new HexIdSet();
    expect(() => set.add('xyz', 1)).toThrow('not a 24-hex id');
    expect(() => set.add('a'.repeat(26), 1)).toThrow('not a 24-hex id');
  });
});
