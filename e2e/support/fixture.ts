import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { LoginPage } from '../pages/LoginPage';
import { launchBrowser, openPage, type WatchedPage } from './browser';

/**
 * One browser per spec file, a fresh context (own local storage) per test. `signedIn` signs in through
 * the form first, as the seeded admin unless other credentials are given.
 */
export function browserSuite(
  options: { signedIn?: boolean | (() => { email: string; password: string }) } = {},
) {
  let browser: Browser | undefined;
  const state: { current?: WatchedPage } = {};

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    state.current = await openPage(browser!, inject('baseURL'));
    if (options.signedIn) {
      const who =
        typeof options.signedIn === 'function'
          ? options.signedIn()
          : { email: inject('adminEmail'), password: inject('adminPassword') };
      await new LoginPage(state.current.page).signIn(who.email, who.password);
    }
  });
  afterEach(async () => {
    await state.current?.context.close();
  });

  return {
    get page() {
      return state.current!.page;
    },
    get context() {
      return state.current!.context;
    },
    get errors() {
      return state.current!.errors;
    },
    newPage: (size?: { width?: number; height?: number }) => openPage(browser!, inject('baseURL'), size),
  };
}
