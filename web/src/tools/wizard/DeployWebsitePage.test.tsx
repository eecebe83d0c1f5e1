import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type GroupedPermissions,
  actionPath,
  actions,
  WIZARD_DONE_TEXT,
  WIZARD_RESTART_LABEL,
  WIZARD_STEPS,
} from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../../resources/websites/wordpress/testApp';
import { DeployWebsitePage } from './DeployWebsitePage';
import { NO_ADVANCE_TEXT } from './messages';
import { done, draft, mockWizard, sentTo } from './testDrafts';

const { advanceWizard, getWizard, startWizard } = actions.wizard;
const ADVANCE = actionPath(advanceWizard, { id: '7' });
const label = (step: number) => WIZARD_STEPS[step]!.label;
const open = (path = '/deploy-website?draft=7', role = 'ADMIN', routes: GroupedPermissions = {}) =>
  renderInConsole(<DeployWebsitePage />, { path, role, routes });
const location = () => screen.getByTestId('location').textContent;

const SERVERS = [
  {
    id: 1,
    name: 'hetzner-1',
    runcloud: true,
    websites: 12,
    ip_addresses: [
      {
        id: 11,
        ip: '10.1.1.5',
        sites: 1,
        subnet: '10.1.1.0/24',
        subnet_sites: 9,
        provider: 'Hetzner',
        location: 'DE',
      },
      {
        id: 12,
        ip: '10.2.2.5',
        sites: 4,
        subnet: '10.2.2.0/24',
        subnet_sites: 2,
        provider: 'Hetzner',
        location: 'FI',
      },
    ],
  },
  {
    id: 2,
    name: 'legacy',
    runcloud: false,
    websites: 1,
    ip_addresses: [
      {
        id: 21,
        ip: '10.3.3.5',
        sites: 0,
        subnet: '10.3.3.0/24',
        subnet_sites: 0,
        provider: null,
        location: null,
      },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('website creation wizard screen (SPEC §2.6)', () => {
  it('shows only the visited steps, the last one current with its hint, result and facts', async () => {
    const calls = mockWizard({
      read: () =>
        draft({
          path: [0, 1, 4],
          current: 4,
          info: { ...draft().info, hostname: 'owned.example' },
          steps: [
            done(0, 'Saved'),
            done(1, 'owned.example is already ours'),
            done(4, 'The domain answers', [{ label: 'HTTP status', value: '200' }]),
          ],
        }),
    });
    open();
    const stepper = await screen.findByTestId('wizard-stepper');
    expect(
      within(stepper)
        .getAllByText(/./, { selector: '.MuiStepLabel-label' })
        .map((e) => e.textContent),
    ).toEqual([label(0), label(1), label(4)]);
    for (const skipped of [2, 3, 5, 11]) expect(screen.queryByText(label(skipped))).toBeNull();
    const panel = screen.getByTestId('wizard-step-panel');
    expect(within(screen.getByTestId('wizard-step-4')).getByTestId('wizard-step-panel')).toBe(panel);
    expect(panel.textContent).toContain(WIZARD_STEPS[4]!.hint);
    const facts = within(panel).getByTestId('wizard-facts');
    expect(within(facts).getByText('HTTP status').tagName).toBe('DT');
    expect(within(facts).getByText('200').tagName).toBe('DD');
    // earlier steps carry their outcome; a step that already ran is not run again on arrival
    expect(
      within(screen.getByTestId('wizard-step-1')).getByText('owned.example is already ours'),
    ).toBeTruthy();
    expect(sentTo(calls, ADVANCE)).toEqual([]);
  });

  it('lists the launches in progress with Resume, and starts a new one kept in the address', async () => {
    const calls = mockWizard({
      read: () => draft(),
      launches: [
        {
          id: 3,
          hostname: 'half-done.example',
          status: 'in_progress',
          step: 5,
          last_error: 'Nameservers are not Cloudflare',
          user_id: 1,
          website_id: null,
          updated_at: 1_800_000_000,
        },
        {
          id: 4,
          hostname: 'finished.example',
          status: 'completed',
          step: 11,
          last_error: null,
          user_id: 1,
          website_id: 40,
          updated_at: 1_800_000_000,
        },
      ],
      start: () => ({ status: 201, body: { data: draft({ id: 8 }) } }),
    });
    open('/deploy-website');
    const row = await screen.findByTestId('wizard-launch-3');
    expect(row.textContent).toContain('half-done.example');
    expect(row.textContent).toContain(label(5));
    expect(row.textContent).toContain('Nameservers are not Cloudflare');
    expect(within(row).getByRole('link', { name: 'Resume' }).getAttribute('href')).toBe(
      '/deploy-website?draft=3',
    );
    expect(screen.queryByTestId('wizard-launch-4')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start a new launch' }));
    await waitFor(() => expect(location()).toBe('/deploy-website?draft=8'));
    expect(await screen.findByRole('textbox', { name: /Domain/ })).toBeTruthy();
    expect((screen.getByRole('switch', { name: /SSL/ }) as HTMLInputElement).checked).toBe(true);
    expect(calls.filter((c) => c.path === `/${actionPath(startWizard, undefined)}`)).toHaveLength(1);
  });

  it("finishes with the exact text, a link to the website, and 'Deploy new site' starting a new launch", async () => {
    const calls = mockWizard({
      read: () =>
        draft({
          status: 'completed',
          path: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
          current: 11,
          website_id: 42,
          info: { ...draft().info, hostname: 'new.example' },
          steps: [done(11, 'The site answers over HTTPS')],
        }),
      start: () => ({ status: 201, body: { data: draft({ id: 8 }) } }),
    });
    open();
    expect(await screen.findByText(WIZARD_DONE_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the website/ }).getAttribute('href')).toBe(
      '/dms/api/v1/websites/42/show',
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: WIZARD_RESTART_LABEL }));
    await waitFor(() => expect(location()).toBe('/deploy-website?draft=8'));
    expect(await screen.findByText(label(0))).toBeTruthy();
    expect(screen.queryByText(WIZARD_DONE_TEXT)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('offers the IPs per server, marks the sparsest subnet, and leaves out servers a fresh install cannot use', async () => {
    const calls = mockWizard({
      read: () =>
        draft({
          path: [0, 1, 2, 3, 4, 5, 6, 7],
          current: 7,
          choices: { ...draft().choices, fresh_install: true },
          options: { registrars: [], servers: SERVERS },
        }),
      advance: () => ({ status: 400, body: { error: { code: 'bad_request', message: 'Stop here' } } }),
    });
    open();
    const legacy = (await screen.findByRole('radio', { name: '10.3.3.5 on legacy' })) as HTMLInputElement;
    expect(legacy.disabled).toBe(true);
    expect(screen.getByTestId('wizard-ip-12').getAttribute('data-recommended')).toBe('true');
    expect(screen.getByTestId('wizard-ip-11').getAttribute('data-recommended')).toBeNull();
    expect(screen.getByTestId('wizard-ip-21').getAttribute('data-recommended')).toBeNull();
    expect(screen.getByTestId('wizard-ip-12').textContent).toContain('10.2.2.0/24');
    fireEvent.click(screen.getByRole('radio', { name: '10.2.2.5 on hetzner-1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('wizard-call-failure')).textContent).toBe('Stop here');
    expect(sentTo(calls, ADVANCE)).toEqual([
      { step: 7, version: 1, input: { server_id: 1, ip_address_id: 12 } },
    ]);
  });

  it('disables the moves and says why for a user who may only read launches', async () => {
    const calls = mockWizard({
      read: () => draft({ path: [0, 1], current: 1, steps: [done(0, 'Saved')] }),
    });
    open('/deploy-website?draft=7', 'SEO', { [`/${getWizard.path}`]: { GET: true } });
    expect(await screen.findByText(NO_ADVANCE_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run check' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Reset' }).hasAttribute('disabled')).toBe(true);
    // an unrun check is not started for a user who may not run it
    expect(sentTo(calls, ADVANCE)).toEqual([]);
  });
});
