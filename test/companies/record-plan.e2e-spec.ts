import { companyRecordSql, COMPANY_GET_SHAPE } from '../../libs/database/src/companies/company-record';
import { createTestDatabase, TestDatabase } from '../support/database';
import { PlanNode, planNodes } from '../support/query-plans';

/**
 * Reading a few Company records (a save's records, a company get) probes the workspace's saved
 * rows by key, whatever the statistics say. Analyzed while the workspace had no saves (autovacuum
 * off or behind, bulk saves since), the plain join was planned as a hash of "a few" saved rows and
 * read every save of the workspace for each read: a busy workspace's saves got slower with each
 * save (BENCHMARKS.md, "Webhook delivery").
 */
jest.setTimeout(60000);

const WORKSPACE = 'ws_recordplan';
const SAVED = 5000;
const READ = 10;
let db: TestDatabase;

type ActualNode = PlanNode & { 'Actual Rows': number; 'Actual Loops': number };

/** Rows read from `saved_companies` by a record read of the first `READ` saved companies. */
async function savedRowsRead(): Promise<number> {
  const ids = Array.from({ length: READ }, (_, i) => companyId(i + 1));
  // A prepared statement's generic plan, as the save's repeated reads get it (one client: the session holds it).
  await db.query('SET plan_cache_mode = force_generic_plan');
  await db.query(`PREPARE record_read(text, text[]) AS ${companyRecordSql(COMPANY_GET_SHAPE)}`);
  try {
    const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: ActualNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE record_read('${WORKSPACE}', '{${ids.join(',')}}')`,
    );
    const nodes = planNodes(row['QUERY PLAN'][0].Plan) as ActualNode[];
    return nodes
      .filter((n) => n['Relation Name'] === 'saved_companies')
      .reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0);
  } finally {
    await db.query('DEALLOCATE record_read');
  }
}

const companyId = (n: number) => `5e${n.toString(16).padStart(22, '0')}`;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.query(`INSERT INTO workspaces (id, name) VALUES ($1, 'record plan')`, [WORKSPACE]);
  await db.query(
    `INSERT INTO companies (id, name) SELECT '5e' || lpad(to_hex(n), 22, '0'), 'Company ' || n FROM generate_series(1, $1::int) AS n`,
    [SAVED],
  );
  // Statistics of a workspace with no saves, then a bulk of saves nobody analyzed.
  await db.query('ANALYZE companies, saved_companies');
  await db.query(`INSERT INTO saved_companies (workspace_id, company_id) SELECT $1, id FROM companies`, [WORKSPACE]);
});
afterAll(() => db?.drop());

it(`reads ${READ} saved rows for ${READ} records, not the workspace's ${SAVED} saves, from statistics of no saves`, async () => {
  expect(await savedRowsRead()).toBe(READ);
});

it('reads them by key once the statistics are fresh', async () => {
  await db.query('ANALYZE saved_companies');
  expect(await savedRowsRead()).toBe(READ);
});
