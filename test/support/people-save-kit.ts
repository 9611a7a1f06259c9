import type { TestStack, Workspace } from './stack';

// Requests and row readers shared by the people save specs (test/people/save*.e2e-spec.ts).

/** An event row of a workspace, with the person it names. */
export interface EventRow {
  type: string;
  person_id: string;
  created_at: string;
  body: any;
}

/** A credit ledger row, figures as numbers. */
export interface LedgerRow {
  amount: number;
  balance_after: number;
  reason: string;
  request_id: string | null;
}

export const sorted = (xs: readonly string[]) => [...xs].sort();

/** The helpers over the stack `stackOf` answers (started in a spec's beforeAll, after this runs). */
export function peopleSaveKit(stackOf: () => TestStack) {
  const post = (ws: Workspace, body: unknown, requestId?: string) =>
    ws.api.request('POST', '/v2/people/save', body, requestId ? { headers: { 'x-request-id': requestId } } : {});
  const saveOk = async (ws: Workspace, body: unknown, requestId?: string) => {
    const res = await post(ws, body, requestId);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.text.slice(0, 800) }).toEqual({
      status: 200,
      body: 'ok',
    });
    expect(res.body.success).toBe(true);
    if (requestId) expect(res.headers.get('x-request-id')).toBe(requestId);
    return res.body as { data: any; metadata: any };
  };
  const preview = async (ws: Workspace, body: unknown) => {
    const res = await ws.api.post('/v2/people/calculate-credits', body);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.text.slice(0, 800) }).toEqual({
      status: 200,
      body: 'ok',
    });
    return res.body.data;
  };
  const newList = async (ws: Workspace, type: 'people' | 'company' = 'people') => {
    const res = await ws.api.post('/v2/lists', { name: `l ${type}`, type });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const setBalance = async (ws: Workspace, n: number) => {
    const res = await stackOf().cli(['credits:set', '--workspace', ws.workspace_id, '--balance', String(n)]);
    expect({ code: res.code, stderr: res.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  };
  const balanceOf = async (ws: Workspace) =>
    Number(
      (
        await stackOf().db.query<{ credits: string }>(`SELECT credits FROM workspaces WHERE id = $1`, [ws.workspace_id])
      )[0].credits,
    );
  const eventsOf = async (ws: Workspace): Promise<EventRow[]> =>
    (
      await stackOf().db.query<{ type: string; body: any; created_at: Date }>(
        `SELECT type, body, created_at FROM events WHERE workspace_id = $1 ORDER BY created_at, id`,
        [ws.workspace_id],
      )
    ).map((r) => ({
      type: r.type,
      body: r.body,
      person_id: r.body?.data?.person?.id,
      created_at: new Date(r.created_at).toISOString(),
    }));
  const ledgerOf = async (ws: Workspace): Promise<LedgerRow[]> =>
    (
      await stackOf().db.query<{ amount: string; balance_after: string; reason: string; request_id: string | null }>(
        `SELECT amount, balance_after, reason, request_id FROM credit_transactions WHERE workspace_id = $1 ORDER BY created_at, id`,
        [ws.workspace_id],
      )
    ).map((r) => ({
      amount: Number(r.amount),
      balance_after: Number(r.balance_after),
      reason: r.reason,
      request_id: r.request_id,
    }));
  const savedRows = async (ws: Workspace) =>
    stackOf().db.query<{
      person_id: string;
      saved_at: Date;
      revealed_email: string | null;
      edited_email: string | null;
    }>(
      `SELECT person_id, saved_at, revealed_email, edited_email FROM saved_people WHERE workspace_id = $1 ORDER BY person_id`,
      [ws.workspace_id],
    );
  const membersOf = async (listId: string) =>
    (
      await stackOf().db.query<{ person_id: string }>(
        `SELECT person_id FROM people_list_members WHERE list_id = $1 ORDER BY person_id`,
        [listId],
      )
    ).map((r) => r.person_id);
  /** Everything a refused save must leave alone. */
  const footprint = async (ws: Workspace) => ({
    balance: await balanceOf(ws),
    saved: await savedRows(ws),
    ledger: await ledgerOf(ws),
    events: (await eventsOf(ws)).length,
    members: (
      await stackOf().db.query(
        `SELECT list_id, person_id FROM people_list_members WHERE workspace_id = $1 ORDER BY 1, 2`,
        [ws.workspace_id],
      )
    ).length,
  });

  return { post, saveOk, preview, newList, setBalance, balanceOf, eventsOf, ledgerOf, savedRows, membersOf, footprint };
}
