// Test-only: launches as the wizard's calls answer them, and a mocked API around one launch.
import { actions, resources, type ActionSpec } from '@sitefleet/shared';
import { mockFetch, onAction, type ActionAnswer } from '../../test/fetchMock';
import { filterOf, listOf } from '../../resources/websites/wordpress/testApp';
import type { WizardDraft, WizardStepResult } from './types';

const { advanceWizard, backWizard, getWizard, resetWizard, startWizard } = actions.wizard;

export const draft = (over: Partial<WizardDraft> = {}): WizardDraft => ({
  id: 7,
  version: 1,
  status: 'in_progress',
  path: [0],
  current: 0,
  info: {
    hostname: null,
    friendly_name: null,
    type: 'MONEY',
    target_market: 'All',
    ssl: true,
    user_id: null,
  },
  choices: { registrar: null, years: 1, fresh_install: null, server_id: null, ip_address_id: null },
  steps: [],
  website_id: null,
  domain_id: null,
  notification_id: null,
  options: { registrars: [], servers: [] },
  user_id: 1,
  created_at: 1_800_000_000,
  updated_at: 1_800_000_000,
  ...over,
});

export const done = (step: number, message: string, facts: WizardStepResult['facts'] = []) => ({
  step,
  state: 'done' as const,
  message,
  attempts: 1,
  at: 1_800_000_100,
  facts,
});

export const failed = (step: number, message: string, attempts = 1) => ({
  ...done(step, message),
  state: 'failed' as const,
  attempts,
});

type Answer<S extends ActionSpec> = (body: Record<string, unknown>) => ActionAnswer<S>;

const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;

/**
 * The API around launch 7 (and 8, started from it): the draft as `read` gives it, the moves answered by the
 * handlers given (a move without one is a 404), the users picker empty. Returns the call log.
 */
export function mockWizard(opts: {
  read: () => WizardDraft;
  advance?: Answer<typeof advanceWizard>;
  back?: Answer<typeof backWizard>;
  reset?: Answer<typeof resetWizard>;
  start?: () => ActionAnswer<typeof startWizard>;
  launches?: Record<string, unknown>[];
}) {
  const { advance, back, reset, start } = opts;
  const params = { id: String(opts.read().id) };
  return mockFetch({
    ...onAction(getWizard, params, () => ({ body: { data: opts.read() } })),
    ...(advance ? onAction(advanceWizard, params, (init) => advance(bodyOf(init))) : {}),
    ...(back ? onAction(backWizard, params, (init) => back(bodyOf(init))) : {}),
    ...(reset ? onAction(resetWizard, params, (init) => reset(bodyOf(init))) : {}),
    ...(start ? onAction(startWizard, null, start) : {}),
    ...onAction(getWizard, { id: '8' }, () => ({ body: { data: draft({ id: 8 }) } })),
    // the launches the list's filter selects (a list without one would show finished launches too)
    [`GET /${resources.websiteDrafts.path}`]: (_init, url) =>
      listOf((opts.launches ?? []).filter((l) => l.status === filterOf(url).status)),
    [`GET /${resources.users.path}`]: () => listOf([]),
  });
}

/** The bodies sent to one of the wizard's calls, in order. */
export const sentTo = (calls: ReturnType<typeof mockFetch>, path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === `/${path}`).map((c) => bodyOf(c.init));
