import {
  actions,
  resources,
  WIZARD_STEPS,
  type WizardDraft,
  type WizardInput,
  type WizardStepResult,
} from '@sitefleet/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { RequestContext } from '../../../core/context.js';
import { conflict, errorMessage, invalid, notFoundRecord } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import { epochNow } from '../../../core/time.js';
import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';
import { launchPorts } from './clients.js';
import { insertDraft, readDraft, updateDraft, type DraftChange, type DraftRow } from './draft-repository.js';
import { acceptInput } from './input.js';
import { stepOptions } from './options.js';
import type { Outcome } from './outcome.js';
import type { LaunchPorts } from './ports.js';
import { siteRecords } from './records.js';
import { STEP_RUNNERS, type StepResult } from './steps.js';

/** A step marked running longer than this is taken to be dead (a process stopped mid-step) and may run again. */
export const STALE_RUN_SECONDS = 300;

/** The draft as the screen reads it, with the current step's choices. */
async function present(
  deps: AppDeps,
  ctx: RequestContext,
  draft: DraftRow,
  ports: LaunchPorts,
): Promise<WizardDraft> {
  const { engine } = deps;
  const visible = {
    servers: engine.visibleIds(ctx, engine.model(resources.servers.name)),
    ips: engine.visibleIds(ctx, engine.model(resources.ipAddresses.name)),
    websites: engine.visibleIds(ctx, engine.model(resources.websites.name)),
  };
  const steps = Object.values(draft.results).sort((a, b) => a.step - b.step);
  return {
    id: draft.id,
    version: draft.version,
    status: draft.status,
    path: draft.path,
    current: draft.step,
    info: draft.info,
    choices: draft.choices,
    steps,
    website_id: draft.website_id,
    domain_id: draft.domain_id,
    notification_id: draft.notification_id,
    options: await stepOptions(ctx.db, draft, ports, visible),
    user_id: draft.user_id,
    created_at: draft.created_at,
    updated_at: draft.updated_at,
  };
}

/** The draft locked for a move, checked against what the caller saw (409 when it moved meanwhile). */
async function lockSeen(
  ctx: RequestContext,
  deps: AppDeps,
  model: ResourceModel,
  tx: Queryable,
  id: number,
  seen: { step?: number; version: number },
): Promise<DraftRow> {
  const draft = await readDraft(tx, id, deps.engine.visibleIds(ctx, model), true);
  if (!draft) throw notFoundRecord(model.spec.label, id);
  if (draft.status === 'completed')
    throw conflict('This launch is completed: start a new one with Deploy new site.');
  if (draft.running_step !== null && epochNow() - (draft.running_since ?? 0) < STALE_RUN_SECONDS) {
    throw conflict(
      `“${WIZARD_STEPS[draft.running_step]!.label}” is running for this launch: wait for it to finish.`,
    );
  }
  if (draft.version !== seen.version || (seen.step !== undefined && draft.step !== seen.step)) {
    throw conflict(
      `This launch was moved by someone else meanwhile (it is at “${WIZARD_STEPS[draft.step]!.label}”, version ${draft.version}). Reload it and go on from there.`,
    );
  }
  return draft;
}

const merged = (outcome: Outcome, more: Outcome | undefined): Outcome => ({ ...outcome, ...more });

/**
 * Runs the current step: (1) in a transaction, the draft is checked against what the caller saw, the input
 * is checked (a 422 changes nothing) and stored, and the step is marked running; (2) the step's outside work
 * runs outside any transaction, committing what it must remember as it goes; (3) its result is recorded and
 * the draft moves to the step the work chose, or stays with the failure said.
 */
async function advance(
  deps: AppDeps,
  model: ResourceModel,
  ctx: RequestContext,
  id: number,
  body: { step: number; version: number; input?: WizardInput | undefined },
  log: FastifyBaseLogger,
): Promise<WizardDraft> {
  const ports = launchPorts(deps);
  const claimed = await ctx.db.transaction(async (tx) => {
    const draft = await lockSeen(ctx, deps, model, tx, id, body);
    const accepted = await acceptInput(tx, draft, body.input ?? {}, ports);
    const change: DraftChange = { running_step: draft.step };
    if (accepted.info) change.info = accepted.info;
    if (accepted.choices) change.choices = accepted.choices;
    if (accepted.hostname) change.hostname = accepted.hostname;
    if (accepted.note !== undefined) change.outcome = { ...draft.outcome, note: accepted.note };
    return updateDraft(tx, id, change);
  });
  await deps.engine.changed(model);

  let draft = claimed;
  const step = WIZARD_STEPS[draft.step]!;
  const records = siteRecords(deps, ctx);
  let result: StepResult;
  try {
    result = await STEP_RUNNERS[step.key]({
      draft,
      hostname: draft.hostname!,
      ports,
      records,
      remember: async (outcome) => {
        draft = await ctx.db.transaction((tx) =>
          updateDraft(tx, id, { outcome: merged(draft.outcome, outcome) }),
        );
      },
    });
  } catch (err) {
    log.error({ err, draft: id, step: step.key }, 'launch step failed unexpectedly');
    result = {
      state: 'failed',
      message: `The step stopped on an unexpected error: ${errorMessage(err)}. Retry.`,
      facts: [],
    };
  }

  const previous = draft.results[String(draft.step)];
  const entry: WizardStepResult = {
    step: draft.step,
    state: result.state,
    message: result.message,
    attempts: (previous?.attempts ?? 0) + 1,
    at: epochNow(),
    facts: result.facts,
  };
  const change: DraftChange = {
    running_step: null,
    results: { ...draft.results, [String(draft.step)]: entry },
    outcome: merged(draft.outcome, result.outcome),
    last_error: result.state === 'failed' ? result.message : null,
  };
  if (result.state === 'done') {
    if (result.next === 'completed') change.status = 'completed';
    else change.path = [...draft.path, result.next];
    if (result.links?.website_id !== undefined) change.website_id = result.links.website_id;
    if (result.links?.domain_id !== undefined) change.domain_id = result.links.domain_id;
    if (result.links?.notification_id !== undefined) change.notification_id = result.links.notification_id;
  }
  const saved = await ctx.db.transaction((tx) => updateDraft(tx, id, change));
  await deps.engine.changed(model);
  await ctx.audit(`launch.${step.key}.${result.state}`, `${model.name}/${id}`, {
    hostname: saved.hostname,
    message: result.message,
  });
  return present(deps, ctx, saved, ports);
}

/** Back removes the last visited step; reset returns to step 0. What the steps did stays done. */
async function rewind(
  deps: AppDeps,
  model: ResourceModel,
  ctx: RequestContext,
  id: number,
  seen: { step?: number; version: number },
  to: 'back' | 'reset',
): Promise<WizardDraft> {
  const saved = await ctx.db.transaction(async (tx) => {
    const draft = await lockSeen(ctx, deps, model, tx, id, seen);
    if (draft.path.length === 1) throw invalid({ step: 'This launch is at its first step already' });
    return updateDraft(tx, id, { path: to === 'back' ? draft.path.slice(0, -1) : [0], last_error: null });
  });
  await deps.engine.changed(model);
  await ctx.audit(`launch.${to}`, `${model.name}/${id}`, { step: saved.step });
  return present(deps, ctx, saved, launchPorts(deps));
}

export function registerWizardActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.wizard.startWizard, {
    handler: async ({ ctx }) => {
      const draft = await ctx.db.transaction((tx) =>
        insertDraft(tx, {
          // SPEC §2.6: the draft starts with ssl true.
          info: {
            hostname: null,
            friendly_name: null,
            type: 'MONEY',
            target_market: 'International',
            ssl: true,
            user_id: ctx.user?.id ?? null,
          },
          choices: { registrar: null, years: 1, fresh_install: null, server_id: null, ip_address_id: null },
          userId: ctx.user?.id ?? null,
        }),
      );
      await deps.engine.changed(model);
      await ctx.audit('launch.start', `${model.name}/${draft.id}`);
      return { data: await present(deps, ctx, draft, launchPorts(deps)) };
    },
  });
  registerAction(app, actions.wizard.getWizard, {
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      const draft = await readDraft(ctx.db, id, deps.engine.visibleIds(ctx, model));
      if (!draft) throw notFoundRecord(model.spec.label, id);
      return { data: await present(deps, ctx, draft, launchPorts(deps)) };
    },
  });
  registerAction(app, actions.wizard.advanceWizard, {
    handler: async ({ params, body, ctx, request }) => ({
      data: await advance(deps, model, ctx, Number(params.id), body, request.log),
    }),
  });
  registerAction(app, actions.wizard.backWizard, {
    handler: async ({ params, body, ctx }) => ({
      data: await rewind(deps, model, ctx, Number(params.id), body, 'back'),
    }),
  });
  registerAction(app, actions.wizard.resetWizard, {
    handler: async ({ params, body, ctx }) => ({
      data: await rewind(deps, model, ctx, Number(params.id), body, 'reset'),
    }),
  });
}
