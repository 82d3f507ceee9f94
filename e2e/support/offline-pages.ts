import { expect, request, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** What the app says about the connection, in its own words. */
export const OFFLINE_BANNER_TEXT =
  'You are offline. Showing what was loaded; changes will not be saved until the connection returns.';
export const OFFLINE_SAVE_TEXT = 'You are offline. Your changes were not saved; try again when the connection returns.';
export const SECTION_OFFLINE_TEXT = 'You are offline. This section will open by itself when the connection returns.';

export class Connection {
  constructor(
    private readonly page: Page,
    private readonly context: BrowserContext,
  ) {}

  banner(): Locator {
    return this.page.getByRole('status').filter({ hasText: OFFLINE_BANNER_TEXT });
  }

  async cut() {
    await this.context.setOffline(true);
    await expect(this.banner()).toHaveCount(1);
  }

  async restore() {
    await this.context.setOffline(false);
    await expect(this.banner()).toHaveCount(0);
  }
}

/** One income entry made through the API by a signed-in writer (so the finances page has data to show). */
export async function createIncome(
  baseURL: string,
  user: { username: string; password: string },
  income: { amount: string; source: string; date: string },
) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    expect((await api.post('/api/login/local', { data: user })).ok()).toBe(true);
    const created = await api.post('/api/income', { multipart: { ...income, remarks: '' } });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await api.dispose();
  }
}
