import {
  resources,
  WIZARD_DONE_TEXT,
  WIZARD_REGISTRAR_LABELS,
  WIZARD_RESTART_LABEL,
  WIZARD_STEPS,
} from '@sitefleet/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

type Key = (typeof WIZARD_STEPS)[number]['key'];
const step = (key: Key) => WIZARD_STEPS.findIndex((s) => s.key === key);

interface LaunchState {
  creates: string[];
  owned: string[];
  zones: Array<{ name: string; records: string[] }>;
}

/**
 * The website creation wizard (SPEC §2.6, docs/wizard.md) in Chromium against the local Namecheap and
 * Cloudflare APIs (e2e/setup/launch.ts): a fresh domain bought, its DNS set, no install, the site saved and
 * answering; the purchase's answer lost once and the retry finding it bought, never buying twice.
 */
describe('website creation wizard', () => {
  const t = browserSuite({ signedIn: true });
  const control = inject('launchControl');
  let api: Api;
  let serverId: number;
  let ipId: number;

  const state = async (): Promise<LaunchState> =>
    (await fetch(`${control}/state`)).json() as Promise<LaunchState>;
  const stepItem = (key: Key) => t.page.getByTestId(`wizard-step-${step(key)}`);
  /**
   * The step is the current one and its panel has finished opening. While it opens (a Collapse), the panel
   * below moves: a press begun on a button can end beside it, and a Reset so pressed opened no dialog.
   */
  const arrive = async (key: Key) => {
    await stepItem(key).locator('.MuiCollapse-entered').getByTestId('wizard-step-panel').waitFor();
  };

  beforeAll(async () => {
    api = await adminApi();
    const name = `launch-web-${Date.now().toString(36)}`;
    serverId = (
      await api.post<{ data: { id: number } }>(resources.servers.path, {
        name,
        type: 'Hosting',
        main_ip: '127.0.0.1',
      })
    ).data.id;
    ipId = (
      await api.post<{ data: { id: number } }>(resources.ipAddresses.path, {
        ip_address: '127.0.0.1',
        server_id: serverId,
        provider: 'Local',
        location: 'Lab',
      })
    ).data.id;
  });

  it('lists the demo launches in progress, with where each stopped and why', async () => {
    await t.page.goto('./#/deploy-website');
    const list = t.page.getByRole('table', { name: 'Launches in progress' });
    const bought = list.getByRole('row').filter({ hasText: 'vergleich-stromtarife.de' });
    await bought.getByText(WIZARD_STEPS[step('live')]!.label).waitFor();
    const failed = list.getByRole('row').filter({ hasText: 'kayak-rental-guide.com' });
    await failed.getByText(WIZARD_STEPS[step('dns_access')]!.label).waitFor();
    await failed.getByText(/Set them to ada\.ns\.cloudflare\.com and bob\.ns\.cloudflare\.com/).waitFor();

    await bought.getByRole('link', { name: 'Resume' }).click();
    await t.page.waitForURL(/#\/deploy-website\?draft=\d+$/);
    // It resumes at the 5th step, which runs by itself, then the DNS check; it stops at the install choice.
    await arrive('install');
    for (const key of ['info', 'availability', 'registrar', 'buy', 'live'] as const)
      await stepItem(key).waitFor();
    await stepItem('dns_access').getByText('The DNS of vergleich-stromtarife.de is at Cloudflare').waitFor();
    // Only the visited steps are shown.
    expect(await stepItem('server').count()).toBe(0);
    expect(await t.page.getByTestId(/^wizard-step-\d+$/).count()).toBe(7);
    expect(t.errors).toEqual([]);
  });

  it('launches a new domain end to end; a lost purchase answer is retried without buying twice', async () => {
    const domain = `e2e-launch-${Date.now().toString(36)}.com`;
    await t.page.goto('./#/dms/api/v1/websites/create');
    await t.page.getByRole('button', { name: 'Wizard' }).click();
    await t.page.waitForURL(/#\/deploy-website/);
    await t.page.getByRole('button', { name: 'Start a new launch' }).click();
    await t.page.waitForURL(/#\/deploy-website\?draft=\d+$/);
    await arrive('info');
    expect(await t.page.locator('input[name="ssl"]').isChecked()).toBe(true);

    // A subdomain is refused on its field, and nothing moves.
    await t.page.locator('input[name="hostname"]').fill(`blog.${domain}`);
    await t.page.getByRole('button', { name: 'Next' }).click();
    await t.page.getByText(`Enter the domain itself (${domain}), not a subdomain`).waitFor();
    await t.page.locator('input[name="hostname"]').fill(domain);
    await t.page.locator('input[name="friendly_name"]').fill('E2E Launch');
    await t.page.getByRole('button', { name: 'Next' }).click();

    // The availability check runs by itself and moves on to the registrar.
    await arrive('registrar');
    await stepItem('availability').getByText(`${domain} is available`).waitFor();
    await t.page.getByRole('radio', { name: WIZARD_REGISTRAR_LABELS.namecheap }).check();
    await t.page.getByRole('button', { name: 'Next' }).click();

    await arrive('buy');
    const before = (await state()).creates.filter((d) => d === domain).length;
    expect(before).toBe(0);
    await fetch(`${control}/fail-next?command=create&mode=drop_after_commit`, { method: 'POST' });
    await t.page.getByRole('button', { name: `Buy ${domain}` }).click();
    const failure = t.page.getByTestId('wizard-step-failure');
    await failure.getByText(/whether it went through is unknown/).waitFor();
    expect((await state()).owned).toContain(domain);

    await t.page.getByRole('button', { name: `Buy ${domain}` }).click();
    // Live check and DNS check run by themselves; the purchase was found, not made again.
    await arrive('install');
    await stepItem('buy')
      .getByText(/Not bought again/)
      .waitFor();
    await stepItem('dns_access').getByText(`The DNS of ${domain} is at Cloudflare`).waitFor();
    expect((await state()).creates.filter((d) => d === domain)).toHaveLength(1);

    await t.page.getByRole('radio', { name: /^No: nothing is installed/ }).check();
    await t.page.getByRole('button', { name: 'Next' }).click();
    await arrive('server');
    await t.page.getByTestId(`wizard-ip-${ipId}`).getByRole('radio').check();
    await t.page.getByRole('button', { name: 'Next' }).click();

    await arrive('notify');
    await stepItem('save')
      .getByText(new RegExp(`^${domain.replace(/\./g, '\\.')} is saved as website #\\d+$`))
      .waitFor();
    await stepItem('dns').getByText(`${domain} and www.${domain} point to 127.0.0.1`).waitFor();
    await t.page.locator('textarea[name="note"]').fill('Theme: Astra; analytics to follow.');
    await t.page.getByRole('button', { name: 'Notify tech' }).click();

    const done = t.page.getByTestId('wizard-done');
    await done.getByText(WIZARD_DONE_TEXT, { exact: true }).waitFor();
    await stepItem('working')
      .getByText(new RegExp(`^${domain.replace(/\./g, '\\.')} answers at 127\\.0\\.0\\.1 with HTTP 200`))
      .waitFor();

    const launched = await state();
    expect(launched.creates.filter((d) => d === domain)).toHaveLength(1);
    expect(launched.zones.find((z) => z.name === domain)?.records.sort()).toEqual([
      `A ${domain} 127.0.0.1`,
      `A www.${domain} 127.0.0.1`,
    ]);
    const sites = await api.get<{
      data: Array<{ id: number; hostname: string; status: string; ip_address_id: number }>;
    }>(`${resources.websites.path}?filter=${encodeURIComponent(JSON.stringify({ hostname: domain }))}`);
    expect(sites.data.map((s) => [s.hostname, s.status, s.ip_address_id])).toEqual([
      [domain, 'PENDING_DEVELOPMENT', ipId],
    ]);

    await done.getByRole('link', { name: `Open the website ${domain}` }).waitFor();

    // Deploy new site starts over at step 0 with an empty form.
    const finished = t.page.url();
    await t.page.getByRole('button', { name: WIZARD_RESTART_LABEL }).click();
    await t.page.waitForURL((url) => url.toString() !== finished && /draft=\d+$/.test(url.toString()));
    await arrive('info');
    expect(await t.page.locator('input[name="hostname"]').inputValue()).toBe('');
    expect(await done.count()).toBe(0);
    // The refused subdomain's 422 is the only error the console logged.
    expect(t.errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
  });

  it('goes back one step and resets to step 0, showing only the steps still visited', async () => {
    await t.page.goto('./#/deploy-website');
    await t.page.getByRole('button', { name: 'Start a new launch' }).click();
    await arrive('info');
    await t.page.locator('input[name="hostname"]').fill(`e2e-rewind-${Date.now().toString(36)}.com`);
    await t.page.getByRole('button', { name: 'Next' }).click();
    await arrive('registrar');
    await t.page.getByRole('button', { name: 'Back' }).click();
    await arrive('availability');
    expect(await stepItem('registrar').count()).toBe(0);
    await t.page.getByRole('button', { name: 'Reset' }).click();
    await t.page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await arrive('info');
    expect(await stepItem('availability').count()).toBe(0);
    expect(t.errors).toEqual([]);
  });
});
