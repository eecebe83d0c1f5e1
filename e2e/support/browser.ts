import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; no test downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions and requests to hosts other than the console's. */
  errors: string[];
}

/**
 * A fresh context (own local storage) whose page records every console error. It asks for reduced motion,
 * as an operator may: the console then opens panels, menus and dialogs without a transition (web/src/theme.ts),
 * so a press never starts on a button that a growing panel moves before the press ends.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { width?: number; height?: number } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    acceptDownloads: true,
    reducedMotion: 'reduce',
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && !url.startsWith(origin)) errors.push(`outbound request: ${url}`);
  });
  return { page, context, errors };
}
