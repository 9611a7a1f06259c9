import { createHash } from 'node:crypto';
import { DEPARTMENT_VALUES } from '@app/domain/enums/departments';
import { SENIORITIES } from '@app/domain/enums/people-enums';
import { validateCompany, validatePerson } from '../records/validate-record';
import { DatasetGenerator, PEOPLE_CHUNK, slug } from './generator';
import { Prng } from './prng';

const AS_OF = new Date('2026-11-15T00:00:00Z');

function digest(seed: string, people = 400, companies = 60): string {
  const g = new DatasetGenerator({ people, companies, seed, asOf: AS_OF });
  const hash = createHash('sha256');
  for (const c of g.companies()) hash.update(JSON.stringify(c));
  for (const p of g.people()) hash.update(JSON.stringify(p));
  return hash.digest('hex');
}

describe('Prng', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = new Prng('s');
    const b = new Prng('s');
    const c = new Prng('t');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('keeps int() within bounds and sample() distinct', () => {
    const r = new Prng('bounds');
    for (let i = 0; i < 1000; i++) {
      const v = r.int(3, 7);
      expect(v >= 3 && v <= 7).toBe(true);
    }
    const s = r.sample([1, 2, 3, 4, 5], 5);
    expect(new Set(s).size).toBe(5);
  });
});

describe('DatasetGenerator', () => {
  it('is deterministic: same seed, same records; another seed, other records', () => {
    expect(digest('alpha')).toBe(digest('alpha'));
    expect(digest('alpha')).not.toBe(digest('beta'));
  });

  it('produces records the import validator accepts, covering every seniority, department and page type', () => {
    const g = new DatasetGenerator({ people: 2000, companies: 300, seed: 'cover', asOf: AS_OF });
    const pageTypes = new Set<string>();
    const companyIds = new Set<string>();
    for (const c of g.companies()) {
      const r = validateCompany(JSON.parse(JSON.stringify(c)));
      if (!r.ok) throw new Error(r.reason);
      pageTypes.add(c.page_type!);
      companyIds.add(c.id);
    }
    const seniorities = new Set<string>();
    const departments = new Set<string>();
    const statuses = new Set<string>();
    let promotions = 0;
    let withPast = 0;
    for (const p of g.people()) {
      const r = validatePerson(JSON.parse(JSON.stringify(p)));
      if (!r.ok) throw new Error(r.reason);
      for (const pos of p.positions) {
        if (pos.company_id) expect(companyIds.has(pos.company_id)).toBe(true);
        if (pos.ended_at === null && pos.is_primary) {
          seniorities.add(pos.seniority!);
          pos.departments.forEach((d) => departments.add(d));
        }
      }
      if (p.positions.some((x) => x.ended_at !== null)) withPast++;
      if (p.positions[1]?.company_id === p.positions[0].company_id && p.positions[1]?.ended_at) promotions++;
      p.emails.forEach((e) => statuses.add(e.status));
      expect(p.id).toMatch(/^[0-9a-f]{24}$/);
    }
    expect([...seniorities].sort()).toEqual([...SENIORITIES].sort());
    expect(departments.size).toBe(DEPARTMENT_VALUES.size);
    expect([...pageTypes].sort()).toEqual(['brand', 'link_only', 'main', 'regional', 'subsidiary']);
    expect([...statuses].sort()).toEqual(['accept_all', 'invalid', 'not_found', 'valid']);
    expect(withPast).toBeGreaterThan(500);
    expect(promotions).toBeGreaterThan(100);
  });

  it('makes the same people chunk by chunk, in any order, from a cloned seed (as worker threads do) as in one pass', () => {
    const options = { people: 2 * PEOPLE_CHUNK + 7, companies: 50, seed: 'chunks', asOf: AS_OF };
    const whole = new DatasetGenerator(options);
    const headcounts = new Map<string, number | null>();
    for (const c of whole.companies()) headcounts.set(c.id, c.employee_count);
    const apart = DatasetGenerator.fromPeopleSeed(structuredClone(whole.peopleSeed()));
    const oneRun = [...whole.people()].map((p) => JSON.stringify(p));
    expect(apart.peopleChunks()).toBe(3);
    const byChunk = [2, 0, 1].map((k) => [...apart.peopleChunk(k)].map((p) => JSON.stringify(p)));
    expect(oneRun).toHaveLength(options.people);
    expect([...byChunk[1], ...byChunk[2], ...byChunk[0]]).toEqual(oneRun);
    expect([...headcounts.values()].some((n) => n === null)).toBe(true);
    for (const [id, count] of headcounts) expect([id, apart.headcountOf(id)]).toEqual([id, count]);
    expect(apart.headcountOf('c0ffffffff00000000000001')).toBeNull();
  });

  it('slugs names with diacritics to ASCII', () => {
    expect(slug('Łukasz Müller-Şahin')).toBe('lukasz-muller-sahin');
    expect(slug('Øresund Größe')).toBe('oresund-grosse');
  });
});
