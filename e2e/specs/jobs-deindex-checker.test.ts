import { describe, expect, it } from 'vitest';
import { CheckerPage } from '../pages/CheckerPage';
import { Shell } from '../pages/Shell';
import { browserSuite } from '../support/fixture';

const DEINDEX_CHECKER = 'dms/api/v1/backlinks/deindex-checker';

describe('jobs: deindex checker form (SPEC §2.5, §7.5, §8)', () => {
  const t = browserSuite({ signedIn: true });

  it('counts the domains live by the chosen delimiter and refuses an empty list without calling the server', async () => {
    await new Shell(t.page).openMenuEntry('Deindex checker');
    const checker = new CheckerPage(t.page, DEINDEX_CHECKER);
    await checker.runButton().waitFor();
    expect(await checker.count('domains').innerText()).toBe('0 domains');
    await checker.textbox('Domains').fill('alpha.test, beta.test\ngamma.test\nalpha.test, beta.test');
    expect(await checker.count('domains').innerText()).toBe('2 domains');
    await checker.chooseDelimiter('Domain delimiter', 'Comma');
    expect(await checker.count('domains').innerText()).toBe('3 domains');

    const posts: string[] = [];
    t.page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await checker.textbox('Domains').fill(' \n ');
    await checker.runButton().click();
    await expect.poll(() => checker.helperText('Domains')).toBe('Required');
    expect(posts).toEqual([]);
    expect(t.page.url()).toContain(`#/${DEINDEX_CHECKER}`);
  });

  it("stays on the form with the user's input and the server's field error for a name that is no domain", async () => {
    const checker = new CheckerPage(t.page, DEINDEX_CHECKER);
    await checker.goto();
    const typed = 'example.com\nnot a domain';
    await checker.textbox('Domains').fill(typed);
    await checker.runButton().click();
    await expect.poll(() => checker.helperText('Domains')).toBe('Not a valid domain: not a domain');
    // the field error says it all: no message above the Run button
    expect(await checker.failure().count()).toBe(0);
    expect(await checker.textbox('Domains').inputValue()).toBe(typed);
    expect(t.page.url()).toContain(`#/${DEINDEX_CHECKER}`);
  });

  it('stays on the form with the server message when the run cannot start', async () => {
    // the e2e server has no search-index provider (SERP_API_KEY is empty)
    const checker = new CheckerPage(t.page, DEINDEX_CHECKER);
    await checker.goto();
    await checker.chooseDelimiter('Domain delimiter', 'Semicolon');
    await checker.textbox('Domains').fill('example.com; example.org');
    await checker.runButton().click();
    await expect
      .poll(() => checker.failure().innerText())
      .toContain('No search-index provider is configured');
    await expect
      .poll(() => new Shell(t.page).notification().innerText())
      .toContain('No search-index provider is configured');
    expect(await checker.textbox('Domains').inputValue()).toBe('example.com; example.org');
    expect(t.page.url()).toContain(`#/${DEINDEX_CHECKER}`);
  });
});
