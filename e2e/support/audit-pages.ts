import { expect, type Locator, type Page } from '@playwright/test';

/** Page objects of the audit trail's screens: the Audit Log (superadmin) and a child's History card. */

/** An entry's sentence as the screens write it (`describeAuditEntry`), before its time; a view of a visit is in its Details. */
export const auditSentence = {
  changed: (who: string, field: string, from: string, to: string, entity: string) =>
    `${who} changed ${field} from ${from} to ${to} on ${entity}`,
  viewed: (who: string, entity: string) => `${who} viewed ${entity}`,
};

/** '/audit': newest first, filters kept in the address, Verify integrity. */
export class AuditLogScreen {
  constructor(private readonly page: Page) {}

  async expectShown() {
    await expect(this.page).toHaveURL(/\/audit(\?|$)/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await expect(this.page.getByText('Who saw or changed what, and when')).toBeVisible();
  }

  /**
   * Finds the child in the Child filter by its Beneficiary ID (the server searches once typing pauses) and
   * chooses the result; the address keeps it.
   */
  async filterByChild(beneficiaryId: string) {
    await this.page.getByLabel('Child', { exact: true }).fill(beneficiaryId);
    const result = this.page
      .getByRole('list', { name: 'Matching beneficiaries' })
      .getByRole('button', { name: new RegExp(`${escape(beneficiaryId)}$`) });
    await result.click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]beneficiaryId=${beneficiaryId}(&|$)`));
  }

  /** The Child filter names the chosen child (name and Beneficiary ID) and offers to clear it. */
  async expectChildFilter(fullName: string, beneficiaryId: string) {
    const filter = this.page.locator('.kcf-field').filter({ has: this.page.locator('label', { hasText: /^Child$/ }) });
    await expect(filter).toContainText(`${fullName} ${beneficiaryId}`);
    await expect(filter.getByRole('button', { name: 'Clear' })).toBeVisible();
  }

  /** The log's lines, newest first: an entry each, or a visit of a child's page (its views as one line). */
  entries(): Locator {
    return this.page.getByRole('list', { name: 'Activity' }).locator(':scope > li');
  }

  /** The line whose sentence starts with `sentence` (then ' · ' and its time). */
  entry(sentence: string): Locator {
    return this.entries().filter({ hasText: new RegExp(`^${escape(sentence)} · `) });
  }

  /** The line that holds the view `sentence`: its own, or the visit whose Details list it; Details left open (see visitWith). */
  visitWith(sentence: string): Promise<Locator> {
    return visitWith(this.entries(), sentence);
  }

  /** The "Changes only" switch: the Action filter's Change, kept in the address. */
  changesOnly(): Locator {
    return this.page.getByRole('checkbox', { name: 'Changes only' });
  }

  async verifyIntegrity(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Verify integrity' }).click();
    return this.page.getByRole('status').filter({ hasText: /verified\.$/ });
  }
}

/** The History card on a child's profile (admin, superadmin): 10 entries at a time, 'Show more' for the next. */
export class HistoryCard {
  constructor(private readonly page: Page) {}

  card(): Locator {
    return this.page
      .locator('section.kcf-card')
      .filter({ has: this.page.getByRole('heading', { name: 'History', exact: true }) });
  }

  /** The card's lines, newest first: an entry each, or a visit of the page (its views as one line). */
  lines(): Locator {
    return this.card().getByRole('list', { name: 'History' }).locator(':scope > li');
  }

  entry(sentence: string): Locator {
    return this.lines().filter({ hasText: new RegExp(`^${escape(sentence)} · `) });
  }

  changesOnly(): Locator {
    return this.card().getByRole('checkbox', { name: 'Changes only' });
  }

  /** Presses 'Show more' until the entry shows or there is nothing more, as a reader looking for it would. */
  async find(sentence: string): Promise<Locator> {
    const entry = this.entry(sentence);
    let more = true;
    while ((await entry.count()) === 0 && more) more = await this.showMore();
    return entry;
  }

  /** Like find, for a view: its own line, or the visit whose Details list it (see visitWith). */
  async findView(sentence: string): Promise<Locator> {
    for (;;) {
      const found = await visitWith(this.lines(), sentence).catch(() => null);
      if (found) return found;
      if (!(await this.showMore())) throw new Error(`No visit on the History card lists "${sentence}"`);
    }
  }

  /** Presses 'Show more' when it is there and waits for the next lines; false when there is nothing more. */
  private async showMore(): Promise<boolean> {
    const more = this.card().getByRole('button', { name: 'Show more' });
    await expect(this.card().getByRole('list', { name: 'History' })).toBeVisible();
    if (!(await more.isVisible())) return false;
    const items = this.lines();
    const shown = await items.count();
    await more.click();
    await expect.poll(async () => (await items.count()) > shown || !(await more.isVisible())).toBe(true);
    return true;
  }
}

/**
 * Among `lines`, the one that holds the view `sentence` (then ' · ' and its time), its Details opened: the view's
 * own line when it was alone, else the visit (a line with Details) whose Views list it, found by opening each
 * one's Details in turn and closing those that do not.
 */
async function visitWith(lines: Locator, sentence: string): Promise<Locator> {
  const view = new RegExp(`^${escape(sentence)} · `);
  const alone = lines.filter({ hasText: view });
  if ((await alone.count()) > 0) {
    const details = alone.getByRole('button', { name: 'Details', exact: true });
    if ((await details.count()) > 0) await details.click();
    return alone;
  }
  const visits = lines.filter({ has: lines.page().getByRole('button', { name: /details$/i }) });
  const count = await visits.count();
  for (let i = 0; i < count; i++) {
    const line = visits.nth(i);
    await line.getByRole('button', { name: 'Details', exact: true }).click();
    const views = line.getByRole('list', { name: 'Views' });
    if ((await views.count()) > 0 && (await views.getByRole('listitem').filter({ hasText: view }).count()) > 0)
      return line;
    await line.getByRole('button', { name: 'Hide details', exact: true }).click();
  }
  throw new Error(`No visit lists "${sentence}"`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
