import { CliResult, startStack, TestStack } from '../support/stack';

/** Exactly one JSON document on stdout, nothing on stderr, exit 0. */
function expectJson(result: CliResult): any {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout);
}

/** One line on stderr that starts with the command's name, nothing on stdout, a non-zero exit. */
function expectFailure(result: CliResult, pattern: RegExp, command?: string): void {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
  if (command !== undefined) expect(result.stderr.startsWith(`${command}: `)).toBe(true);
}

describe('operator CLI (docs/cli.md)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.close());

  describe('commands print one JSON document with the documented members', () => {
    let workspaceId: string;
    let ownerId: string;

    it('workspace:create makes a workspace, its owner and a first key', async () => {
      const out = expectJson(await stack.cli(['workspace:create', '--name', 'Acme', '--credits', '500']));
      expect(Object.keys(out).sort()).toEqual(['api_key', 'api_key_id', 'member_id', 'workspace_id']);
      workspaceId = out.workspace_id;
      ownerId = out.member_id;
      const [ws] = await stack.db.query(`SELECT name, credits FROM workspaces WHERE id = $1`, [workspaceId]);
      expect(ws).toEqual({ name: 'Acme', credits: '500' });
      const [owner] = await stack.db.query(`SELECT role, workspace_id FROM members WHERE id = $1`, [ownerId]);
      expect(owner).toEqual({ role: 'owner', workspace_id: workspaceId });
      const me = await stack.anon.withKey(out.api_key).get('/v2/workspace');
      expect(me.body.data).toMatchObject({ id: workspaceId, credits: 500 });
    });

    it('workspace:create without --credits starts at 0', async () => {
      const out = expectJson(await stack.cli(['workspace:create', '--name', 'Zero']));
      const [ws] = await stack.db.query(`SELECT credits FROM workspaces WHERE id = $1`, [out.workspace_id]);
      expect(ws.credits).toBe('0');
    });

    it('member:add adds a member to the workspace', async () => {
      const out = expectJson(await stack.cli(['member:add', '--workspace', workspaceId, '--name', 'Grace']));
      expect(Object.keys(out)).toEqual(['member_id']);
      const [member] = await stack.db.query(`SELECT name, role, workspace_id FROM members WHERE id = $1`, [
        out.member_id,
      ]);
      expect(member).toEqual({ name: 'Grace', role: 'member', workspace_id: workspaceId });
    });

    it('api-key:create gives a member a new working key', async () => {
      const out = expectJson(await stack.cli(['api-key:create', '--member', ownerId]));
      expect(Object.keys(out).sort()).toEqual(['api_key', 'api_key_id']);
      expect((await stack.anon.withKey(out.api_key).get('/v2/workspace')).status).toBe(200);
    });

    it('api-key:delete answers {deleted, webhooks_disabled}, marks the key deleted, and is idempotent', async () => {
      const key = expectJson(await stack.cli(['api-key:create', '--member', ownerId]));
      expect(expectJson(await stack.cli(['api-key:delete', '--id', key.api_key_id]))).toEqual({
        deleted: true,
        webhooks_disabled: 0,
      });
      const [row] = await stack.db.query(`SELECT deleted_at FROM api_keys WHERE id = $1`, [key.api_key_id]);
      expect(row.deleted_at).not.toBeNull();
      expect(expectJson(await stack.cli(['api-key:delete', '--id', key.api_key_id]))).toEqual({
        deleted: true,
        webhooks_disabled: 0,
      });
    });

    it('member:remove answers {removed, webhooks_disabled} and marks the member removed', async () => {
      const member = expectJson(await stack.cli(['member:add', '--workspace', workspaceId, '--name', 'Leaving']));
      expect(expectJson(await stack.cli(['member:remove', '--member', member.member_id]))).toEqual({
        removed: true,
        webhooks_disabled: 0,
      });
      const [row] = await stack.db.query(`SELECT removed_at FROM members WHERE id = $1`, [member.member_id]);
      expect(row.removed_at).not.toBeNull();
      // A removed member gets no new key.
      expectFailure(await stack.cli(['api-key:create', '--member', member.member_id]), /no active member/);
    });

    it('credits:set sets the balance', async () => {
      expect(expectJson(await stack.cli(['credits:set', '--workspace', workspaceId, '--balance', '42']))).toEqual({
        workspace_id: workspaceId,
        credits: 42,
      });
      const [ws] = await stack.db.query(`SELECT credits FROM workspaces WHERE id = $1`, [workspaceId]);
      expect(ws.credits).toBe('42');
      expect(expectJson(await stack.cli(['credits:set', '--workspace', workspaceId, '--balance', '0'])).credits).toBe(
        0,
      );
    });

    it('options may be written --name=value', async () => {
      const out = expectJson(await stack.cli(['workspace:create', '--name=Inline Co', '--credits=3']));
      const [ws] = await stack.db.query(`SELECT name, credits FROM workspaces WHERE id = $1`, [out.workspace_id]);
      expect(ws).toEqual({ name: 'Inline Co', credits: '3' });
    });
  });

  describe('API keys are stored only as a hash', () => {
    it('no column of api_keys holds the key', async () => {
      const out = expectJson(await stack.cli(['workspace:create', '--name', 'Hashing']));
      const rows = await stack.db.query(`SELECT * FROM api_keys WHERE id = $1`, [out.api_key_id]);
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.toContain(out.api_key);
      expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
      // The hint is a short prefix only, never enough to use the key.
      expect(out.api_key.startsWith(rows[0].key_hint)).toBe(true);
      expect(String(rows[0].key_hint).length).toBeLessThanOrEqual(8);
      const everything = await stack.db.query(`SELECT string_agg(t::text, '') AS all FROM api_keys t`);
      expect(everything[0].all).not.toContain(out.api_key);
    });
  });

  describe('failures: one line on stderr, non-zero exit', () => {
    it.each([
      [['workspace:create'], /--name is required/],
      [['workspace:create', '--name', 'X', '--credits', 'ten'], /--credits must be a whole number/],
      [['workspace:create', '--name', 'X', '--credits', '-5'], /--credits must be a whole number/],
      [['workspace:create', '--name', 'X', '--credits', '1.5'], /--credits must be a whole number/],
      [['workspace:create', '--name', 'X', '--colour', 'red'], /unknown option --colour/],
      [['workspace:create', '--name'], /--name needs a value/],
      [['workspace:create', '--name', 'X', '--name', 'Y'], /given twice/],
      [['workspace:create', 'stray'], /unexpected argument "stray"/],
      [['member:add', '--workspace', 'ws_nope', '--name', 'N'], /no workspace ws_nope/],
      [['member:add', '--workspace', 'ws_nope'], /--name is required/],
      [['member:remove', '--member', 'mem_nope'], /no member mem_nope/],
      [['api-key:create', '--member', 'mem_nope'], /no active member mem_nope/],
      [['api-key:delete', '--id', 'key_nope'], /no API key key_nope/],
      [['api-key:delete'], /--id is required/],
      [['credits:set', '--workspace', 'ws_nope', '--balance', '5'], /no workspace ws_nope/],
      [['credits:set', '--workspace', 'ws_nope'], /--balance is required/],
      [['credits:set', '--workspace', 'ws_nope', '--balance', '1e3'], /--balance must be a whole number/],
      [['member:add', '--workspace=ws_nope', '--name'], /--name needs a value/],
      [['dataset:import'], /give --companies F and\/or --people F/],
      [['dataset:import', '--people', '/nonexistent/people.ndjson'], /no such file/],
      [['dataset:generate', '--people', '5', '--companies', '0'], /need at least one company/],
      [['dataset:generate', '--people', 'many', '--companies', '1'], /--people must be a whole number/],
    ])('%j', async (args, pattern) => {
      expectFailure(await stack.cli(args), pattern, args[0]);
    });

    it('an unknown command is one line naming the cli', async () => {
      expectFailure(
        await stack.cli(['no:such-command']),
        /unknown command "no:such-command"; usage: npm run -s cli/,
        'cli',
      );
    });

    it('without a command prints usage as one line on stderr and exits non-zero', async () => {
      expectFailure(await stack.cli([]), /no command given; usage: npm run -s cli .*workspace:create/, 'cli');
    });

    it('a bad configuration names the variable, after the command', async () => {
      expectFailure(
        await stack.cli(['workspace:create', '--name', 'X'], { DATABASE_URL: 'mysql://nope' }),
        /DATABASE_URL/,
        'workspace:create',
      );
    });

    it.each([
      ['workspace:create', '--name', 'X'],
      ['api-key:delete', '--id', 'key_x'],
      ['credits:set', '--workspace', 'ws_x', '--balance', '5'],
    ])('with the database down, %s fails in one line naming the command', async (...args) => {
      const down = await stack.cli(args, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' });
      expectFailure(down, /failed: .*ECONNREFUSED/, args[0]);
    });
  });
});
