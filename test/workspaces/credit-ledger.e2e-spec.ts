import { errorOf } from '../support/http';
import { CliResult, startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

interface LedgerRow {
  id: string;
  amount: number;
  balance_after: number;
  reason: string;
  request_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** Exactly one JSON document on stdout, exit 0 (docs/cli.md). */
function cliJson(result: CliResult): any {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout);
}

/**
 * The credit ledger (docs/credits.md): every balance change writes one `credit_transactions` row in
 * the same transaction, so `workspaces.credits` is always the sum of the workspace's rows. Changes
 * come from the operator CLI here; GET /v2/credits/transactions reads them back.
 */
describe('credit ledger', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.close());

  /** The workspace's rows straight from the table, oldest first, figures as numbers. */
  const rowsOf = async (workspaceId: string): Promise<LedgerRow[]> =>
    (
      await stack.db.query<any>(
        `SELECT id, amount, balance_after, reason, request_id, details, created_at FROM credit_transactions
          WHERE workspace_id = $1 ORDER BY created_at, id`,
        [workspaceId],
      )
    ).map((r) => ({
      ...r,
      amount: Number(r.amount),
      balance_after: Number(r.balance_after),
      created_at: new Date(r.created_at).toISOString(),
    }));

  /** The invariant: the balance equals the sum of the rows, and each row continues the one before it. */
  const expectLedgerMatchesBalance = async (workspaceId: string): Promise<{ balance: number; rows: LedgerRow[] }> => {
    const [{ credits }] = await stack.db.query<{ credits: string }>(`SELECT credits FROM workspaces WHERE id = $1`, [
      workspaceId,
    ]);
    const rows = await rowsOf(workspaceId);
    const balance = Number(credits);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(balance);
    let running = 0;
    for (const row of rows) {
      running += row.amount;
      expect(row.balance_after).toBe(running);
    }
    return { balance, rows };
  };

  const setBalance = async (workspaceId: string, balance: number) =>
    cliJson(await stack.cli(['credits:set', '--workspace', workspaceId, '--balance', String(balance)]));

  describe('operator CLI', () => {
    it('workspace:create --credits writes one workspace_created row and keeps its output members', async () => {
      const out = cliJson(await stack.cli(['workspace:create', '--name', 'Ledger Co', '--credits', '500']));
      expect(Object.keys(out).sort()).toEqual(['api_key', 'api_key_id', 'member_id', 'workspace_id']);
      const { balance, rows } = await expectLedgerMatchesBalance(out.workspace_id);
      expect(balance).toBe(500);
      expect(rows).toEqual([
        {
          id: expect.stringMatching(/^ctx_[0-9A-HJKMNP-TV-Z]{26}$/),
          amount: 500,
          balance_after: 500,
          reason: 'workspace_created',
          request_id: 'cli:workspace:create',
          details: {},
          created_at: expect.any(String),
        },
      ]);
    });

    it('workspace:create without credits writes no row', async () => {
      const out = cliJson(await stack.cli(['workspace:create', '--name', 'Empty Co']));
      const { balance, rows } = await expectLedgerMatchesBalance(out.workspace_id);
      expect(balance).toBe(0);
      expect(rows).toEqual([]);
    });

    it('credits:set up and down writes one row each with the difference and the previous balance', async () => {
      const ws = await stack.workspace(100);
      // The output stays exactly as docs/cli.md shows it.
      expect(await setBalance(ws.workspace_id, 250)).toEqual({ workspace_id: ws.workspace_id, credits: 250 });
      expect(await setBalance(ws.workspace_id, 40)).toEqual({ workspace_id: ws.workspace_id, credits: 40 });

      const { balance, rows } = await expectLedgerMatchesBalance(ws.workspace_id);
      expect(balance).toBe(40);
      expect(
        rows.map(({ id, amount, balance_after, reason, request_id, details }) => ({
          id,
          amount,
          balance_after,
          reason,
          request_id,
          details,
        })),
      ).toEqual([
        {
          id: expect.any(String),
          amount: 100,
          balance_after: 100,
          reason: 'workspace_created',
          request_id: 'cli:workspace:create',
          details: {},
        },
        {
          id: expect.stringMatching(/^ctx_/),
          amount: 150,
          balance_after: 250,
          reason: 'credits_set',
          request_id: 'cli:credits:set',
          details: { previous_balance: 100 },
        },
        {
          id: expect.stringMatching(/^ctx_/),
          amount: -210,
          balance_after: 40,
          reason: 'credits_set',
          request_id: 'cli:credits:set',
          details: { previous_balance: 250 },
        },
      ]);
      expect((await ws.api.get('/v2/workspace')).body.data.credits).toBe(40);
    });

    it('credits:set to the balance it already has writes no row', async () => {
      const ws = await stack.workspace(75);
      const before = await rowsOf(ws.workspace_id);
      expect(before).toHaveLength(1);
      expect(await setBalance(ws.workspace_id, 75)).toEqual({ workspace_id: ws.workspace_id, credits: 75 });
      expect(await rowsOf(ws.workspace_id)).toEqual(before);
      // Down to zero and again zero: one row, then none.
      await setBalance(ws.workspace_id, 0);
      expect(await rowsOf(ws.workspace_id)).toHaveLength(2);
      await setBalance(ws.workspace_id, 0);
      expect(await rowsOf(ws.workspace_id)).toHaveLength(2);
      const { balance, rows } = await expectLedgerMatchesBalance(ws.workspace_id);
      expect(balance).toBe(0);
      expect(rows.map((r) => [r.amount, r.balance_after])).toEqual([
        [75, 75],
        [-75, 0],
      ]);
    });

    it('credits:set for an unknown workspace fails and writes nothing', async () => {
      const [{ n: before }] = await stack.db.query<{ n: string }>(`SELECT count(*) AS n FROM credit_transactions`);
      const result = await stack.cli(['credits:set', '--workspace', 'ws_nope', '--balance', '5']);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/no workspace ws_nope/);
      const [{ n: after }] = await stack.db.query<{ n: string }>(`SELECT count(*) AS n FROM credit_transactions`);
      expect(after).toBe(before);
    });

    it('concurrent credits:set runs each write a row that continues the previous one', async () => {
      const ws = await stack.workspace(10);
      const targets = [20, 5, 5000, 0, 333];
      await Promise.all(targets.map((t) => setBalance(ws.workspace_id, t)));
      const { balance, rows } = await expectLedgerMatchesBalance(ws.workspace_id);
      // Whichever ran last set the final balance; every run that changed something has its row.
      expect(rows.at(-1)!.balance_after).toBe(balance);
      expect(targets).toContain(balance);
      // Each row continues the one before it: no change was lost between two concurrent runs.
      rows.slice(1).forEach((row, i) => expect(row.balance_after - row.amount).toBe(rows[i].balance_after));
      for (const row of rows.slice(1))
        expect(row.details).toEqual({ previous_balance: row.balance_after - row.amount });
    });
  });

  describe('GET /v2/credits/transactions', () => {
    let a: Workspace;
    let b: Workspace;
    /** A's rows as the table holds them, newest first. */
    let aNewestFirst: LedgerRow[];

    beforeAll(async () => {
      [a, b] = await Promise.all([stack.workspace(100), stack.workspace(7)]);
      // +100 (create), +50, -30, no row, -120, +30: five rows, balance 30.
      for (const balance of [150, 120, 120, 0, 30]) await setBalance(a.workspace_id, balance);
      aNewestFirst = (await rowsOf(a.workspace_id)).reverse();
      expect(aNewestFirst).toHaveLength(5);
    });

    const transactions = (ws: Workspace, query = '') => ws.api.get(`/v2/credits/transactions${query}`);
    const okPage = async (ws: Workspace, query = '') => {
      const res = await transactions(ws, query);
      expect({ status: res.status, success: res.body?.success }).toEqual({ status: 200, success: true });
      return res.body as {
        data: LedgerRow[];
        metadata: { timestamp: string; balance: number; pagination: Record<string, number> };
      };
    };

    it("answers the workspace's rows newest first with every member, figures as JSON numbers, and the balance", async () => {
      const body = await okPage(a);
      expect(body.data).toEqual(aNewestFirst);
      for (const row of body.data) {
        expect(Object.keys(row).sort()).toEqual([
          'amount',
          'balance_after',
          'created_at',
          'details',
          'id',
          'reason',
          'request_id',
        ]);
        expect(typeof row.amount).toBe('number');
        expect(typeof row.balance_after).toBe('number');
        expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      expect(body.data.map((r) => [r.amount, r.balance_after, r.reason])).toEqual([
        [30, 30, 'credits_set'],
        [-120, 0, 'credits_set'],
        [-30, 120, 'credits_set'],
        [50, 150, 'credits_set'],
        [100, 100, 'workspace_created'],
      ]);
      expect(body.data[0].details).toEqual({ previous_balance: 0 });
      const times = body.data.map((r) => r.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(body.metadata).toEqual({
        timestamp: expect.any(String),
        balance: 30,
        pagination: { page: 1, per_page: 25, total_count: 5, total_pages: 1 },
      });
      expect(body.data.reduce((sum, r) => sum + r.amount, 0)).toBe(body.metadata.balance);
    });

    it('pages with page and per_page; a page past the end is empty with the same totals', async () => {
      const first = await okPage(a, '?per_page=2');
      expect(first.data.map((r) => r.id)).toEqual(aNewestFirst.slice(0, 2).map((r) => r.id));
      expect(first.metadata.pagination).toEqual({ page: 1, per_page: 2, total_count: 5, total_pages: 3 });

      const second = await okPage(a, '?page=2&per_page=2');
      expect(second.data.map((r) => r.id)).toEqual(aNewestFirst.slice(2, 4).map((r) => r.id));
      expect(second.metadata.pagination).toEqual({ page: 2, per_page: 2, total_count: 5, total_pages: 3 });

      const last = await okPage(a, '?page=3&per_page=2');
      expect(last.data.map((r) => r.id)).toEqual([aNewestFirst[4].id]);

      const past = await okPage(a, '?page=4&per_page=2');
      expect(past.data).toEqual([]);
      expect(past.metadata).toMatchObject({
        balance: 30,
        pagination: { page: 4, per_page: 2, total_count: 5, total_pages: 3 },
      });

      const hundred = await okPage(a, '?per_page=100');
      expect(hundred.data).toHaveLength(5);
      expect(hundred.metadata.pagination).toEqual({ page: 1, per_page: 100, total_count: 5, total_pages: 1 });
    });

    it('narrows to one reason, paging and counting within it', async () => {
      const set = await okPage(a, '?reason=credits_set');
      expect(set.data.map((r) => r.id)).toEqual(
        aNewestFirst.filter((r) => r.reason === 'credits_set').map((r) => r.id),
      );
      expect(set.data).toHaveLength(4);
      expect(set.metadata).toMatchObject({
        balance: 30,
        pagination: { page: 1, per_page: 25, total_count: 4, total_pages: 1 },
      });

      const created = await okPage(a, '?reason=workspace_created');
      expect(created.data.map((r) => [r.reason, r.amount])).toEqual([['workspace_created', 100]]);
      expect(created.metadata.pagination).toEqual({ page: 1, per_page: 25, total_count: 1, total_pages: 1 });

      const paged = await okPage(a, '?reason=credits_set&per_page=3&page=2');
      expect(paged.data.map((r) => r.id)).toEqual([aNewestFirst.filter((r) => r.reason === 'credits_set')[3].id]);
      expect(paged.metadata.pagination).toEqual({ page: 2, per_page: 3, total_count: 4, total_pages: 2 });

      for (const reason of ['opening_balance', 'people_save']) {
        const none = await okPage(a, `?reason=${reason}`);
        expect(none.data).toEqual([]);
        expect(none.metadata.pagination).toEqual({ page: 1, per_page: 25, total_count: 0, total_pages: 0 });
      }
    });

    it('orders rows of the same instant by id, newest id first', async () => {
      const ws = await stack.workspace(0);
      const at = '2026-01-01T00:00:00.000Z';
      // Rows as the migration's opening balance and a later change would leave them, at one instant.
      await stack.db.query(
        `INSERT INTO credit_transactions (id, workspace_id, amount, balance_after, reason, created_at) VALUES
           ('ctx_A', $1, 10, 10, 'opening_balance', $2), ('ctx_C', $1, 5, 15, 'credits_set', $2), ('ctx_B', $1, -3, 12, 'credits_set', $2)`,
        [ws.workspace_id, at],
      );
      await stack.db.query(`UPDATE workspaces SET credits = 12 WHERE id = $1`, [ws.workspace_id]);
      const body = await okPage(ws);
      expect(body.data.map((r) => r.id)).toEqual(['ctx_C', 'ctx_B', 'ctx_A']);
      expect(body.data.map((r) => r.created_at)).toEqual([at, at, at]);
      expect(body.data[2]).toEqual({
        id: 'ctx_A',
        amount: 10,
        balance_after: 10,
        reason: 'opening_balance',
        request_id: null,
        details: {},
        created_at: at,
      });
      expect(body.metadata.balance).toBe(12);
    });

    it.each<[string, string, string, string | number | undefined]>([
      ['per_page 0', '?per_page=0', 'per_page', 'out_of_range'],
      ['per_page 101', '?per_page=101', 'per_page', 'out_of_range'],
      ['page 0', '?page=0', 'page', 'out_of_range'],
      ['a negative page', '?page=-2&per_page=10', 'page', 'out_of_range'],
      ['a page too deep', '?page=100001', 'page', 'out_of_range'],
      ['a page that is no number', '?page=two', 'page', 'invalid_value'],
      ['a fractional per_page', '?per_page=2.5', 'per_page', 'invalid_value'],
      ['an unknown reason', '?reason=refund', 'reason', 'invalid_value'],
      ['an empty reason', '?reason=', 'reason', 'invalid_value'],
      ['a reason in another case', '?reason=CREDITS_SET', 'reason', 'invalid_value'],
      ['an unknown parameter', '?page=1&sort=asc', 'sort', 'unknown_field'],
    ])('answers 400 VALIDATION_ERROR for %s', async (_case, query, field, code) => {
      const res = await transactions(a, query);
      expect(res.status).toBe(400);
      const error = errorOf(res);
      expect(error).toMatchObject({ name: 'VALIDATION_ERROR', message: expect.any(String), payload: { field, code } });
      if (code === 'unknown_field') expect(error.payload.allowed_fields).toEqual(['page', 'per_page', 'reason']);
    });

    it("never shows another workspace's rows, and each workspace sees its own balance", async () => {
      const own = await okPage(b, '?per_page=100');
      const bRows = await rowsOf(b.workspace_id);
      expect(own.data.map((r) => r.id)).toEqual([...bRows].reverse().map((r) => r.id));
      expect(own.data.map((r) => [r.reason, r.amount])).toEqual([['workspace_created', 7]]);
      expect(own.metadata).toMatchObject({ balance: 7, pagination: { total_count: 1, total_pages: 1 } });
      const aIds = new Set(aNewestFirst.map((r) => r.id));
      expect(own.data.filter((r) => aIds.has(r.id))).toEqual([]);

      const filtered = await okPage(b, '?reason=credits_set');
      expect(filtered.data).toEqual([]);
      expect(filtered.metadata.pagination.total_count).toBe(0);

      // And A's answer holds none of B's rows.
      const mine = await okPage(a, '?per_page=100');
      expect(mine.data.map((r) => r.id).filter((id) => id === bRows[0].id)).toEqual([]);
      expect(mine.metadata.pagination.total_count).toBe(5);
    });

    it('GET /v2/credits answers the balance, which is the sum of the rows', async () => {
      const res = await a.api.get('/v2/credits');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { balance: 30 }, metadata: { timestamp: expect.any(String) } });
      expect(aNewestFirst.reduce((sum, r) => sum + r.amount, 0)).toBe(30);
      expect((await b.api.get('/v2/credits')).body.data).toEqual({ balance: 7 });
    });

    it('answers 401 UNAUTHORIZED without a key or with an unknown key', async () => {
      for (const client of [stack.anon, stack.anon.withKey('pws_not_a_real_key')]) {
        for (const path of ['/v2/credits/transactions', '/v2/credits']) {
          const res = await client.get(path);
          expect(res.status).toBe(401);
          expect(errorOf(res).name).toBe('UNAUTHORIZED');
        }
      }
    });
  });
});
