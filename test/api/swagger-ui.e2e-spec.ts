import { existsSync } from 'node:fs';
import { Browser, chromium, Locator, Page } from 'playwright-core';
import { CO, insertFixtureCompanies } from '../support/company-fixtures';
import { importPeopleFixture, P } from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

/**
 * Swagger UI in a real browser (issue 12 point 6): Debian's Chromium, driven by playwright-core, opens /docs,
 * authorises with an API key in the Authorize dialog and runs "Try it out" on two operations. No Chromium is a
 * failure, not a skip: `.ci/run` installs it (`apt-get install chromium`).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('Swagger UI in Chromium', () => {
  let stack: TestStack;
  let ws: Workspace;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
    [stack, browser] = await Promise.all([
      startStack(),
      // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
      chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      }),
    ]);
    [, , ws] = await Promise.all([
      importPeopleFixture(stack, { extended: false }),
      insertFixtureCompanies(stack.db),
      stack.workspace(10),
    ]);
    page = await browser.newPage();
    await page.goto(`${stack.base}/docs`);
    await page.locator('.opblock').first().waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** The operation's block, expanded, with "Try it out" on. */
  async function tryOut(method: string, path: string): Promise<Locator> {
    const block = page
      .locator(`.opblock-${method}`)
      .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
    await block.locator('.opblock-summary').first().click();
    await block.locator('button.try-out__btn').click();
    return block;
  }

  /** Executes and answers the status and body text Swagger UI shows under "Server response". */
  async function execute(block: Locator): Promise<{ status: string; body: string }> {
    await block.locator('button.execute').click();
    const response = block.locator('.live-responses-table .response').first();
    await response.waitFor();
    return {
      status: (await response.locator('.response-col_status').innerText()).trim(),
      body: await response
        .locator('.response-col_description .microlight, .response-col_description pre')
        .first()
        .innerText(),
    };
  }

  it('authorises with an API key in the Authorize dialog', async () => {
    await page.locator('.auth-wrapper button.authorize').click();
    const dialog = page.locator('.dialog-ux .modal-ux');
    await dialog.locator('input').first().fill(ws.api_key);
    await dialog.locator('.auth-btn-wrapper button.authorize').click();
    // Swagger UI shows "Logout" once the key is stored.
    await dialog.locator('.auth-btn-wrapper button', { hasText: 'Logout' }).waitFor();
    await dialog.locator('button.btn-done').click();
    await page.locator('.auth-wrapper button.authorize.locked').waitFor();
  });

  it('tries GET /v2/companies/{id} and shows the company', async () => {
    const block = await tryOut('get', '/v2/companies/{id}');
    await block.locator('tr[data-param-name="id"] input').fill(CO.globex);
    const { status, body } = await execute(block);
    expect(status).toBe('200');
    const json = JSON.parse(body);
    expect(json).toMatchObject({ success: true, data: { id: CO.globex, name: 'Globex' } });
  });

  it('tries POST /v2/people/calculate-credits and shows the preview', async () => {
    const block = await tryOut('post', '/v2/people/calculate-credits');
    await block.locator('textarea.body-param__text').fill(JSON.stringify({ data: [P.jose, P.bob, P.peter] }));
    const { status, body } = await execute(block);
    expect(status).toBe('200');
    const json = JSON.parse(body);
    expect(json).toMatchObject({ success: true, data: { requested: 3, credits_available: 10 } });
  });

  it('without the key the same operation answers 401 on the page', async () => {
    await page.locator('.auth-wrapper button.authorize').click();
    const dialog = page.locator('.dialog-ux .modal-ux');
    await dialog.locator('.auth-btn-wrapper button', { hasText: 'Logout' }).click();
    await dialog.locator('button.btn-done').click();
    const block = page
      .locator('.opblock-get')
      .filter({ has: page.locator('.opblock-summary-path[data-path="/v2/companies/{id}"]') });
    const { status, body } = await execute(block);
    expect(status).toBe('401');
    expect(JSON.parse(body)).toMatchObject({ success: false, errors: [{ name: 'UNAUTHORIZED' }] });
  });
});
