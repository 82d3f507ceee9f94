import { expect, type Page } from '@playwright/test';

/** Page objects: what a person sees and does, in the product's own words. */
export class LandingPage {
  constructor(private readonly page: Page) {}
  async open(baseUrl: string) {
    await this.page.goto(baseUrl + '/');
    await expect(this.page.getByText('It Takes A Village To Raise A Child')).toBeVisible();
  }
  async startSignIn() {
    await this.page.getByRole('button', { name: 'Sign In to Continue' }).click();
    await this.page.waitForURL(/\/login$/);
  }
}

export class LoginPage {
  constructor(private readonly page: Page) {}
  async signIn(username: string, password: string) {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }
}

export class Shell {
  constructor(private readonly page: Page) {}
  sidebar() {
    return this.page.getByRole('navigation');
  }
  async expectSignedIn() {
    await expect(this.sidebar().getByRole('link', { name: 'Dashboard' })).toBeVisible();
  }
  async go(linkName: string) {
    await this.sidebar().getByRole('link', { name: linkName }).click();
  }
}
