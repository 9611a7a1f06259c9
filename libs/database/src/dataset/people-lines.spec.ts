import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DatasetGenerator } from '@app/dataset/generate/generator';
import { readRecords } from '@app/dataset/import/import-dataset';
import type { ParallelRecords } from '@app/dataset/import/record-sink';
import { Progress } from '@app/dataset/progress';
import { validatePerson } from '@app/dataset/records/validate-record';
import type { PersonInput } from '@app/domain/records/record-types';
import { personCopyLines } from './dataset-rows';
import { decodeLine, type EncodedPerson } from './people-lines';

/** A people file of several batches with every kind of bad line in it, early and late. */
function peopleFile(dir: string): string {
  const generator = new DatasetGenerator({ people: 4_500, companies: 40, seed: 'lines', asOf: new Date('2026-11-01') });
  for (const company of generator.companies()) void company;
  const lines = [...generator.people()].map((p) => JSON.stringify(p));
  lines.splice(10, 0, '{"id": "not json"');
  lines.splice(20, 0, JSON.stringify({ id: 42 }));
  lines.splice(30, 0, lines[5]);
  lines.splice(2_500, 0, '', `{"pad": "${'x'.repeat(1_100_000)}"}`);
  lines.splice(4_100, 0, lines[3_000], '[1, 2');
  const file = join(dir, 'people.ndjson');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const quiet = () => {
  const said: string[] = [];
  const stream = new Writable({ write: (chunk, _e, done) => (said.push(String(chunk)), done()) });
  return { progress: new Progress(stream), said };
};

describe('people lines decoded apart (a replacing import)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'people-lines-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rejects, keeps and orders exactly as reading line by line does', async () => {
    const file = peopleFile(dir);
    const one = quiet();
    const accepted: string[] = [];
    const oneCounts = await readRecords<PersonInput>(
      file,
      validatePerson,
      async (p) => void accepted.push(personCopyLines(p).person),
      one.progress,
    );

    const apart = quiet();
    const added: string[] = [];
    let stopped = false;
    const parallel: ParallelRecords<EncodedPerson> = {
      depth: 3,
      // Answers out of step, as threads would, still taken in file order.
      decode: async (lines) => {
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        return lines.map(decodeLine);
      },
      add: async (row) => void added.push(`${row.personWithoutHeadcount}\n`),
      stop: async () => void (stopped = true),
    };
    const apartCounts = await readRecords<PersonInput>(
      file,
      validatePerson,
      () => Promise.reject(new Error('rows go through parallel.add')),
      apart.progress,
      parallel,
    );

    expect(oneCounts).toEqual({ imported: 4_500, rejected: 6 });
    expect(apartCounts).toEqual(oneCounts);
    expect(apart.said.join('')).toEqual(one.said.join(''));
    expect(one.said.join('')).toMatch(/people\.ndjson:11: invalid JSON/);
    expect(one.said.join('')).toMatch(/people\.ndjson:\d+: line is longer than/);
    expect(one.said.join('')).toMatch(/people\.ndjson:21: /);
    expect(one.said.join('')).toMatch(/people\.ndjson:31: duplicate id/);
    expect(added).toEqual(accepted);
    expect(stopped).toBe(true);
  });
});
