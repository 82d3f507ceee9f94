import { expect, test, type Request } from '@playwright/test';
import { FinancesScreen } from '../support/finance-pages';
import { LoginPage, Shell } from '../support/pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startDistributedStack();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** What one try of a save sent: its key and its body (multipart boundaries differ between tries). */
async function tryOf(request: Request): Promise<{ key: string | null; body: string; status?: number }> {
  const boundary = /boundary=(.+)$/.exec((await request.headerValue('content-type')) ?? '')?.[1];
  const body = request.postDataBuffer()?.toString('latin1') ?? '';
  return {
    key: await request.headerValue('idempotency-key'),
    body: boundary ? body.split(boundary).join('BOUNDARY') : body,
  };
}

test('a save whose answer was lost is sent again with the same key: one success toast, one record', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(stack.url + '/login');
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  const shell = new Shell(page);
  await shell.expectSignedIn();
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();

  // The first try reaches the server, which records the income; the connection then drops before the
  // answer reaches the browser. Later tries go through untouched.
  const tries: Array<{ key: string | null; body: string; status?: number }> = [];
  await page.route('**/api/income', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const sent = await tryOf(route.request());
    tries.push(sent);
    if (tries.length > 1) return route.continue();
    const answer = await route.fetch();
    sent.status = answer.status();
    await route.abort('connectionreset');
  });

  await finances.addIncome({ amount: '2500.50', source: 'Rotary Club Kakamega', remarks: 'Answer lost on the way' });
  const toast = page.locator('.kcf-toast');
  await expect(toast.locator('.kcf-toast__title')).toHaveText('Success');
  await expect(toast).toHaveCount(1);
  await expect(toast.locator('.kcf-toast__description')).toHaveText('Income created successfully');
  await expect(page.getByRole('dialog', { name: 'Add Income' })).toBeHidden();

  expect(tries).toHaveLength(2);
  expect(tries[0].status).toBe(201);
  expect(tries[0].key).toMatch(UUID_V4);
  expect(tries[1].key).toBe(tries[0].key);
  expect(tries[1].body).toBe(tries[0].body);
  expect(tries[1].body).toContain('Rotary Club Kakamega');

  // The server holds the income exactly once.
  const list = await page.request.get(`${stack.url}/api/income?limit=100`);
  expect(list.status()).toBe(200);
  const incomes = (await list.json()) as Array<{ source: string; amount: string | number }>;
  expect(incomes.filter((income) => income.source === 'Rotary Club Kakamega')).toHaveLength(1);
  await expect(finances.card('Total Income')).toHaveText('KSH 2,500.50');
  await expect(toast).toHaveCount(1);
});
