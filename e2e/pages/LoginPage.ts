import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(readonly page: Page) {}

  email = () => this.page.getByLabel('Email');
  password = () => this.page.getByLabel('Password');
  button = () => this.page.getByRole('button', { name: 'Login', exact: true });
  alert = () => this.page.getByRole('alert');

  async goto() {
    await this.page.goto('./#/login');
    await this.email().waitFor();
  }

  async fill(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
  }

  /** Signs in through the form and waits for the console's menu. */
  async signIn(email: string, password: string) {
    await this.goto();
    await this.fill(email, password);
    await this.button().click();
    await this.page.getByTestId('main-menu').waitFor();
  }
}
