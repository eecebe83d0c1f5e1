import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actionPath, actions, WIZARD_STEPS } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../../resources/websites/wordpress/testApp';
import { DeployWebsitePage } from './DeployWebsitePage';
import { CONFLICT_TEXT } from './messages';
import { done, draft, failed, mockWizard, sentTo } from './testDrafts';

const { advanceWizard, backWizard, resetWizard } = actions.wizard;
const ADVANCE = actionPath(advanceWizard, { id: '7' });
const label = (step: number) => WIZARD_STEPS[step]!.label;
const open = () => renderInConsole(<DeployWebsitePage />, { path: '/deploy-website?draft=7' });

const REGISTRARS = {
  registrars: [
    { key: 'namecheap' as const, label: 'Namecheap', available: true, reason: null, price: '$9.58' },
    {
      key: 'manual' as const,
      label: 'By hand',
      available: false,
      reason: 'Turned off by an admin',
      price: null,
    },
  ],
  servers: [],
};
const atRegistrar = (version: number) =>
  draft({
    version,
    path: [0, 1, 2],
    current: 2,
    info: { ...draft().info, hostname: 'example.com' },
    steps: [done(0, 'Saved'), done(1, 'example.com is available')],
    options: REGISTRARS,
  });

afterEach(() => vi.unstubAllGlobals());

describe('website creation wizard: moving a launch (SPEC §2.6)', () => {
  it("shows step 0's refused fields on their inputs and keeps what was typed", async () => {
    const calls = mockWizard({
      read: () => draft(),
      advance: () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid',
            fields: { hostname: 'Not a registrable domain name', 'input.friendly_name': 'Too long' },
          },
        },
      }),
    });
    open();
    const domain = await screen.findByRole('textbox', { name: /Domain/ });
    fireEvent.change(domain, { target: { value: 'exa mple.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Friendly name' }), { target: { value: 'Casino' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByText('Not a registrable domain name');
    const helperOf = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(helperOf(domain)).toContain('Not a registrable domain name');
    expect(helperOf(screen.getByRole('textbox', { name: 'Friendly name' }))).toContain('Too long');
    expect((domain as HTMLInputElement).value).toBe('exa mple.com');
    expect(sentTo(calls, ADVANCE)).toEqual([
      {
        step: 0,
        version: 1,
        input: {
          hostname: 'exa mple.com',
          friendly_name: 'Casino',
          type: 'MONEY',
          target_market: 'All',
          ssl: true,
          user_id: null,
        },
      },
    ]);
    expect(screen.queryByTestId('wizard-call-failure')).toBeNull();
  });

  it('runs a check on arrival, shows its failure, and Retry re-posts the same step with the new version', async () => {
    let attempt = 0;
    const calls = mockWizard({
      read: () => draft({ version: 3, path: [0, 1], current: 1, steps: [done(0, 'Saved')] }),
      advance: () => {
        attempt += 1;
        if (attempt === 1)
          return {
            body: {
              data: draft({
                version: 4,
                path: [0, 1],
                current: 1,
                steps: [done(0, 'Saved'), failed(1, 'The RDAP server did not answer in time')],
              }),
            },
          };
        return { body: { data: atRegistrar(5) } };
      },
    });
    open();
    const failure = await screen.findByTestId('wizard-step-failure');
    expect(failure.textContent).toContain('The RDAP server did not answer in time');
    expect(within(failure).getByRole('alert').className).toMatch(/Error/);
    expect(sentTo(calls, ADVANCE)).toEqual([{ step: 1, version: 3 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(label(2))).toBeTruthy();
    expect(sentTo(calls, ADVANCE)).toEqual([
      { step: 1, version: 3 },
      { step: 1, version: 4 },
    ]);
    expect((screen.getByRole('radio', { name: /Namecheap/ }) as HTMLInputElement).checked).toBe(true);
    const byHand = screen.getByRole('radio', { name: /By hand/ }) as HTMLInputElement;
    expect(byHand.disabled).toBe(true);
    expect(screen.getByTestId('wizard-step-panel').textContent).toContain('Turned off by an admin');
  });

  it('goes back with the step and version it saw, and resets after a confirmation', async () => {
    const calls = mockWizard({
      read: () => atRegistrar(6),
      back: () => ({
        body: {
          data: draft({ version: 7, path: [0, 1], current: 1, steps: [done(0, 'Saved'), done(1, 'Free')] }),
        },
      }),
      reset: () => ({ body: { data: draft({ version: 8, steps: [done(0, 'Saved'), done(1, 'Free')] }) } }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByText(label(2))).toBeNull());
    expect(sentTo(calls, actionPath(backWizard, { id: '7' }))).toEqual([{ step: 2, version: 6 }]);
    // step 1 ran before: going back to it does not run it again
    expect(screen.getByRole('button', { name: 'Run check' })).toBeTruthy();
    expect(sentTo(calls, ADVANCE)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('a domain that was bought stays bought');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.queryByText(label(1))).toBeNull());
    expect(sentTo(calls, actionPath(resetWizard, { id: '7' }))).toEqual([{ version: 7 }]);
    expect(screen.getByText(label(0))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
  });

  it('reloads a launch someone else moved (409) and says so', async () => {
    let server = atRegistrar(2);
    const calls = mockWizard({
      read: () => server,
      advance: () => {
        server = draft({
          ...atRegistrar(5),
          path: [0, 1, 2, 3],
          current: 3,
          choices: { ...draft().choices, registrar: 'namecheap', years: 2 },
          steps: [...atRegistrar(5).steps, done(2, 'Namecheap', [{ label: 'Price', value: '$9.58' }])],
        });
        return { status: 409, body: { error: { code: 'conflict', message: 'The launch has moved on' } } };
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('wizard-conflict')).textContent).toBe(CONFLICT_TEXT);
    expect(await screen.findByRole('button', { name: 'Buy example.com' })).toBeTruthy();
    expect(sentTo(calls, ADVANCE)).toEqual([
      { step: 2, version: 2, input: { registrar: 'namecheap', years: 1 } },
    ]);
    const reads = calls.filter((c) => c.method === 'GET' && c.path === '/dms/api/v1/website-drafts/7/wizard');
    expect(reads).toHaveLength(2);
    // what the purchase will be, with the price step 2 quoted
    const panel = screen.getByTestId('wizard-step-panel');
    expect(panel.textContent).toContain('$9.58');
    expect(panel.textContent).toContain('never buys the domain twice');
  });
});
