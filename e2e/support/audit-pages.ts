import { expect, type Locator, type Page } from '@playwright/test';

/** Page objects of the audit trail's screens: the Audit Log (superadmin) and a child's History card. */

/** An entry's sentence as the screens write it (`describeAuditEntry`), before its time. */
export const auditSentence = {
  changed: (who: string, field: string, from: string, to: string, entity: string) => `${who} changed ${field} from ${from} to ${to} on ${entity}`,
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
    const result = this.page.getByRole('list', { name: 'Matching beneficiaries' }).getByRole('button', { name: new RegExp(`${escape(beneficiaryId)}$`) });
    await result.click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]beneficiaryId=${beneficiaryId}(&|$)`));
  }

  /** The Child filter names the chosen child (name and Beneficiary ID) and offers to clear it. */
  async expectChildFilter(fullName: string, beneficiaryId: string) {
    const filter = this.page.locator('.kcf-field').filter({ has: this.page.locator('label', { hasText: /^Child$/ }) });
    await expect(filter).toContainText(`${fullName} ${beneficiaryId}`);
    await expect(filter.getByRole('button', { name: 'Clear' })).toBeVisible();
  }

  entries(): Locator {
    return this.page.getByRole('list', { name: 'Activity' }).getByRole('listitem').filter({ has: this.page.locator('time') });
  }

  /** The entry whose sentence starts with `sentence` (then ' · ' and its time). */
  entry(sentence: string): Locator {
    return this.entries().filter({ hasText: new RegExp(`^${escape(sentence)} · `) });
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
    return this.page.locator('section.kcf-card').filter({ has: this.page.getByRole('heading', { name: 'History', exact: true }) });
  }

  entry(sentence: string): Locator {
    return this.card().getByRole('listitem').filter({ hasText: new RegExp(`^${escape(sentence)} · `) });
  }

  /** Presses 'Show more' until the entry shows or there is nothing more, as a reader looking for it would. */
  async find(sentence: string): Promise<Locator> {
    const entry = this.entry(sentence);
    const more = this.card().getByRole('button', { name: 'Show more' });
    await expect(this.card().getByRole('list', { name: 'History' })).toBeVisible();
    const items = this.card().getByRole('listitem');
    while ((await entry.count()) === 0 && (await more.isVisible())) {
      const shown = await items.count();
      await more.click();
      await expect.poll(async () => (await items.count()) > shown || !(await more.isVisible())).toBe(true);
    }
    return entry;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
