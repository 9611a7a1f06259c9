import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { workspaceHarness } from '../support/stack';
import { companyRecord, personRecord, runCliMeasured, writeLines } from '../support/dataset-records';

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

const cid = (n: number) => `5c${'0'.repeat(20)}${String(n).padStart(2, '0')}`;
const pid = (n: number) => `5e${'0'.repeat(20)}${String(n).padStart(2, '0')}`;

describe('dataset:import', () => {
  const harness = workspaceHarness();

  it('round trip: an imported company reads back through GET /v2/companies/{id} unchanged', async () => {
    const company = companyRecord(cid(1));
    const companies = writeLines('companies.ndjson', [JSON.stringify(company)]);
    const people = writeLines('people.ndjson', [JSON.stringify(personRecord(pid(1), cid(1)))]);
    const result = await harness.stack.cli(['dataset:import', '--companies', companies, '--people', people]);
    expect(result.code).toBe(0);
    expect(result.json).toEqual({ companies: { imported: 1, rejected: 0 }, people: { imported: 1, rejected: 0 } });
    expect(result.stdout.trim().split('\n')).toHaveLength(1);

    const res = await harness.ws.api.get(`/v2/companies/${cid(1)}`);
    expect(res.status).toBe(200);
    const {
      pro_network_id,
      organization_id,
      page_type,
      pro_network_website,
      social_media_description,
      website_text,
      ...visible
    } = company;
    expect(res.body.data).toEqual({ ...visible, saved: null });
    expect([pro_network_id, organization_id, page_type]).toBeDefined();
    const [row] = await harness.stack.db.query<any>(
      `SELECT pro_network_id, organization_id, page_type, pro_network_website, website_text, country_code, office_country_codes FROM companies WHERE id = $1`,
      [cid(1)],
    );
    expect(row).toEqual({
      pro_network_id: '4242',
      organization_id: 'org_globex',
      page_type: 'main',
      pro_network_website: pro_network_website,
      website_text: website_text,
      country_code: 'US',
      office_country_codes: ['US', 'DE'],
    });
    expect(social_media_description).toBeTruthy();
    const [person] = await harness.stack.db.query<any>(
      `SELECT full_name, company_id, seniority, departments, best_email_status FROM people WHERE id = $1`,
      [pid(1)],
    );
    expect(person).toEqual({
      full_name: 'José García',
      company_id: cid(1),
      seniority: 'VP',
      departments: ['Sales', 'Sales Leader'],
      best_email_status: 'valid',
    });
  });

  it('upserts by id: a second import replaces the record, its positions and emails', async () => {
    const companies = writeLines('companies.ndjson', [JSON.stringify(companyRecord(cid(2), { name: 'Before' }))]);
    await harness.stack.cli([
      'dataset:import',
      '--companies',
      companies,
      '--people',
      writeLines('p.ndjson', [JSON.stringify(personRecord(pid(2), cid(2)))]),
    ]);
    const again = writeLines('companies.ndjson', [
      JSON.stringify(companyRecord(cid(2), { name: 'After', technologies: [] })),
    ]);
    const moved = personRecord(pid(2), cid(1), {
      emails: [],
      positions: [
        {
          company_id: cid(1),
          title: 'CTO',
          seniority: 'Chief Officer',
          departments: ['Engineering Management'],
          started_at: '2025-01-01',
          ended_at: null,
          is_primary: true,
        },
        {
          company_id: cid(2),
          title: 'VP Sales',
          seniority: 'VP',
          departments: ['Sales'],
          started_at: '2020-01-01',
          ended_at: '2025-01-01',
          is_primary: false,
        },
      ],
    });
    const result = await harness.stack.cli([
      'dataset:import',
      '--companies',
      again,
      '--people',
      writeLines('p.ndjson', [JSON.stringify(moved)]),
    ]);
    expect(result.json).toEqual({ companies: { imported: 1, rejected: 0 }, people: { imported: 1, rejected: 0 } });
    const res = await harness.ws.api.get(`/v2/companies/${cid(2)}`);
    expect(res.body.data.name).toBe('After');
    expect(res.body.data.technologies).toEqual([]);
    expect(
      await harness.stack.db.query(`SELECT count(*)::int AS n FROM positions WHERE person_id = $1`, [pid(2)]),
    ).toEqual([{ n: 2 }]);
    expect(
      await harness.stack.db.query(`SELECT count(*)::int AS n FROM person_emails WHERE person_id = $1`, [pid(2)]),
    ).toEqual([{ n: 0 }]);
    const [person] = await harness.stack.db.query<any>(
      `SELECT company_id, departments, job_change, best_email FROM people WHERE id = $1`,
      [pid(2)],
    );
    expect(person).toEqual({
      company_id: cid(1),
      departments: ['Engineering & Technical', 'Engineering Management'],
      job_change: 'new_company',
      best_email: null,
    });
  });

  it('keeps a person whose position names a company not in the data set', async () => {
    const result = await harness.stack.cli([
      'dataset:import',
      '--people',
      writeLines('p.ndjson', [JSON.stringify(personRecord(pid(3), cid(77)))]),
    ]);
    expect(result.json).toEqual({ companies: { imported: 0, rejected: 0 }, people: { imported: 1, rejected: 0 } });
  });

  it('rejects each bad line with file:line: reason, keeps the good ones, and stays in bounded memory on a 50 MB line', async () => {
    const good = (n: number) => JSON.stringify(personRecord(pid(n), cid(1)));
    const file = writeLines('people.ndjson', [
      good(10), // 1
      good(11).slice(0, 60), // 2: truncated
      JSON.stringify(personRecord(pid(12), cid(1), { followers: 'many' })), // 3: wrong type
      JSON.stringify(
        personRecord(pid(13), cid(1), {
          positions: [{ company_id: cid(1), title: 'Boss', seniority: 'Overlord', departments: [] }],
        }),
      ), // 4
      JSON.stringify(personRecord(pid(14), cid(1), { emails: [{ address: 'a@b.example', status: 'bounced' }] })), // 5
      good(10), // 6: duplicate id
      '', // 7: blank, skipped
    ]);
    // Line 8: one 50 MB line, then a good record on line 9.
    const out = createWriteStream(file, { flags: 'a' });
    out.write(`{"id":"${pid(15)}","first_name":"`);
    const mb = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 50; i++) if (!out.write(mb)) await once(out, 'drain');
    out.write(`"}\n${good(16)}\n`);
    out.end();
    await once(out, 'finish');

    const run = await runCliMeasured(harness.stack.env, ['dataset:import', '--people', file]);
    expect(run.code).toBe(0);
    expect(run.json).toEqual({ companies: { imported: 0, rejected: 0 }, people: { imported: 2, rejected: 6 } });
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(new RegExp(`^${file}:2: invalid JSON`));
    expect(lines[1]).toBe(`${file}:3: followers: expected an integer, got string`);
    expect(lines[2]).toBe(`${file}:4: positions[0].seniority: unknown seniority "Overlord"`);
    expect(lines[3]).toBe(`${file}:5: emails[0].status: unknown email status "bounced"`);
    expect(lines[4]).toBe(`${file}:6: duplicate id ${pid(10)} (first on line 1); the first record is kept`);
    expect(lines[5]).toMatch(
      new RegExp(`^${file}:8: line is longer than 1048576 bytes \\(5242\\d{4} bytes\\); skipped$`),
    );
    const ids = await harness.stack.db.query<{ id: string }>(`SELECT id FROM people WHERE id = ANY($1) ORDER BY id`, [
      [10, 11, 12, 13, 14, 15, 16].map(pid),
    ]);
    expect(ids.map((r) => r.id)).toEqual([pid(10), pid(16)]);
    // Holding the line would take well over 100 MB (the bytes, then a string of them); the reader drops it as it streams.
    expect(run.peakMiB).toBeLessThan(200);
    expect(dirname(file)).toBeTruthy();
  });

  it('answers a missing file or no file option with one line on stderr and exit 1', async () => {
    const missing = await harness.stack.cli(['dataset:import', '--people', join('/nonexistent', 'people.ndjson')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('dataset:import: --people /nonexistent/people.ndjson: no such file');
    const none = await harness.stack.cli(['dataset:import']);
    expect(none.code).toBe(1);
  });
});
