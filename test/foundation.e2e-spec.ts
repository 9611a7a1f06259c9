import { startStack, TestStack, Workspace } from './support/stack';
import { errorOf } from './support/http';

describe('foundation: authentication, envelope, errors', () => {
  let stack: TestStack;
  let ws: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    ws = await stack.workspace();
  });
  afterAll(() => stack?.close());

  it('answers health without a key', async () => {
    const res = await stack.anon.get('/health');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
  });

  it('answers 401 UNAUTHORIZED without a key, with an unknown key and with an empty key', async () => {
    for (const client of [stack.anon, stack.anon.withKey('pws_unknown'), stack.anon.withKey('')]) {
      const res = await client.get('/v2/lists?type=people');
      expect(res.status).toBe(401);
      expect(errorOf(res).name).toBe('UNAUTHORIZED');
    }
  });
});
