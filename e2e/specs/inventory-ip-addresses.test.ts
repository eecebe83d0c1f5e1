import { resources } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { browserSuite } from '../support/fixture';

const IPS = resources.ipAddresses.path;

describe('inventory: IP addresses', () => {
  const t = browserSuite({ signedIn: true });

  it('shows flagged subnets on the Diversity tab', async () => {
    const list = new ListPage(t.page, IPS);
    await list.goto();
    await t.page.getByRole('tab', { name: 'Diversity' }).click();
    await t.page.waitForURL(/\?tab=diversity$/);
    const diversity = t.page.getByTestId('diversity');
    await diversity.getByTestId('diversity-total').first().waitFor();
    expect(await diversity.getByTestId('diversity-total').first().innerText()).toMatch(/IP addresses\s+\d+/);
    const flagged = diversity.getByRole('table', { name: '/24 subnets' }).locator('tr[data-flagged="true"]');
    expect(await flagged.count()).toBeGreaterThan(0);
    expect(await flagged.first().innerText()).toMatch(/\d+ sites share this subnet/);
    await t.page.getByRole('tab', { name: 'IP Addresses' }).click();
    await list.waitForData();
    expect(await list.rows().count()).toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
  });

  it('creates several addresses from one textarea and shows each result', async () => {
    const [a, b] = ['198.51.100.10', '198.51.100.11'];
    await t.page.goto(`./#/${IPS}/create`);
    await t.page.getByRole('button', { name: 'Several addresses' }).click();
    await t.page.getByLabel('IP addresses').fill(`${a}\n${b}, not-an-ip\n${a}`);
    await t.page.getByText('Not valid, skipped: not-an-ip').waitFor();
    await t.page.getByRole('button', { name: 'Create 2 IP addresses' }).click();
    await t.page.getByTestId('bulk-ip-summary').waitFor();
    expect(await t.page.getByTestId('bulk-ip-summary').innerText()).toBe('2 created, 0 failed');
    expect(t.errors).toEqual([]);

    // the same addresses again: each fails with the server's message
    await t.page.getByRole('button', { name: 'Create 2 IP addresses' }).click();
    await expect.poll(() => t.page.getByTestId('bulk-ip-summary').innerText()).toBe('0 created, 2 failed');
    expect(await t.page.getByTestId('bulk-ip-result').first().innerText()).toMatch(
      /Error\s+ip_address: has already been taken/,
    );
  });
});
