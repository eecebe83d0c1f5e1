/**
 * The website creation wizard's calls (SPEC §2.6, docs/wizard.md). A launch is a draft on the server
 * (the website-drafts resource); the console starts one, runs its current step, goes back or resets it.
 * Every move names the step and version the caller saw: a draft moved by someone else since is a 409, not
 * a step run twice.
 */
import { Type, type Static } from 'typebox';
import { MARKETS, WEBSITE_TYPES } from '../constants.js';
import { WIZARD_REGISTRARS, WIZARD_STATUSES } from '../wizard.js';
import { Data, defineAction, IdParams, Nullable } from './define.js';

const StepId = Type.Integer({ minimum: 0, maximum: 11 });
const Text = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\u0000]*$' });

/** Step 0: what the new site is. */
export const WizardInfo = Type.Object({
  hostname: Nullable(Type.String()),
  friendly_name: Nullable(Type.String()),
  type: Type.Enum(WEBSITE_TYPES),
  target_market: Type.Enum(MARKETS),
  /** SPEC §2.6: a draft starts with ssl true (the site's URL is https). */
  ssl: Type.Boolean(),
  user_id: Nullable(Type.Integer()),
});
export type WizardInfo = Static<typeof WizardInfo>;

/** The choices made at steps 2, 6 and 7. */
export const WizardChoices = Type.Object({
  registrar: Nullable(Type.Enum(WIZARD_REGISTRARS)),
  years: Type.Integer(),
  fresh_install: Nullable(Type.Boolean()),
  server_id: Nullable(Type.Integer()),
  ip_address_id: Nullable(Type.Integer()),
});
export type WizardChoices = Static<typeof WizardChoices>;

/** One thing a step found or did, for the screen: 'Registrar', 'Namecheap'. */
export const WizardFact = Type.Object({ label: Type.String(), value: Type.String() });
export type WizardFact = Static<typeof WizardFact>;

/** The last run of a step: done or failed, why, and how many times it ran. */
export const WizardStepResult = Type.Object({
  step: StepId,
  state: Type.Union([Type.Literal('done'), Type.Literal('failed')]),
  message: Type.String(),
  attempts: Type.Integer(),
  at: Type.Integer(),
  facts: Type.Array(WizardFact),
});
export type WizardStepResult = Static<typeof WizardStepResult>;

/** A registrar the launch may use at step 2, and whether it can be used now. */
export const WizardRegistrarOption = Type.Object({
  key: Type.Enum(WIZARD_REGISTRARS),
  label: Type.String(),
  available: Type.Boolean(),
  /** Why it cannot be used (not configured, the name is premium, …). */
  reason: Nullable(Type.String()),
  /** The registration price as the registrar quoted it, when it did. */
  price: Nullable(Type.String()),
});

/** An IP of a server at step 7, with the diversity figures that guide the pick. */
export const WizardIpOption = Type.Object({
  id: Type.Integer(),
  ip: Type.String(),
  /** Sites of the network on this IP. */
  sites: Type.Integer(),
  /** Its /24 (IPv4) or /48 (IPv6) and the network's sites in it. */
  subnet: Type.String(),
  subnet_sites: Type.Integer(),
  provider: Nullable(Type.String()),
  location: Nullable(Type.String()),
});
export type WizardIpOption = Static<typeof WizardIpOption>;

export const WizardServerOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Linked to a RunCloud server: a fresh install can be made on it. */
  runcloud: Type.Boolean(),
  websites: Type.Integer(),
  ip_addresses: Type.Array(WizardIpOption),
});
export type WizardServerOption = Static<typeof WizardServerOption>;

/** A launch as the wizard screen shows it. */
export const WizardDraft = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  status: Type.Enum(WIZARD_STATUSES),
  /** The steps visited, in order; the last is the current one (SPEC §2.6: only these are shown). */
  path: Type.Array(StepId),
  current: StepId,
  info: WizardInfo,
  choices: WizardChoices,
  /** The last run of each step that has run, by step id order. */
  steps: Type.Array(WizardStepResult),
  website_id: Nullable(Type.Integer()),
  domain_id: Nullable(Type.Integer()),
  notification_id: Nullable(Type.Integer()),
  /** Choices for the current step: registrars at step 2, servers and IPs at step 7; empty elsewhere. */
  options: Type.Object({
    registrars: Type.Array(WizardRegistrarOption),
    servers: Type.Array(WizardServerOption),
  }),
  user_id: Nullable(Type.Integer()),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type WizardDraft = Static<typeof WizardDraft>;

/**
 * What a step takes. One shape for every step: each step reads its own fields and refuses, field by field,
 * what it needs and lacks (step 0 the site's information, step 2 the registrar, step 3 the purchase's
 * confirmation, step 6 the install choice, step 7 the server and IP).
 */
export const WizardInput = Type.Object(
  {
    hostname: Type.Optional(Text(253)),
    friendly_name: Type.Optional(Nullable(Text(200))),
    type: Type.Optional(Type.Enum(WEBSITE_TYPES)),
    target_market: Type.Optional(Type.Enum(MARKETS)),
    ssl: Type.Optional(Type.Boolean()),
    user_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    registrar: Type.Optional(Type.Enum(WIZARD_REGISTRARS)),
    years: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    confirm_purchase: Type.Optional(Type.Boolean()),
    fresh_install: Type.Optional(Type.Boolean()),
    server_id: Type.Optional(Type.Integer({ minimum: 1 })),
    ip_address_id: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Step 10: a note for the IT team, added to the notification. */
    note: Type.Optional(Text(2000)),
  },
  { additionalProperties: false },
);
export type WizardInput = Static<typeof WizardInput>;

const Seen = { version: Type.Integer({ minimum: 1 }) };

/** POST /website-drafts/start: a new launch at step 0, with ssl true (SPEC §2.6). */
export const startWizard = defineAction({
  method: 'POST',
  path: 'dms/api/v1/website-drafts/start',
  service: 'dms',
  summary: 'Start a new website launch (a draft at step 0)',
  access: 'permission',
  kind: 'write',
  response: Data(WizardDraft),
  status: 201,
});

/** GET /website-drafts/{id}/wizard: a launch with its step results and the current step's choices. */
export const getWizard = defineAction({
  method: 'GET',
  path: 'dms/api/v1/website-drafts/:id/wizard',
  service: 'dms',
  summary: "A website launch: its visited steps, each step's last result and the current step's choices",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  response: Data(WizardDraft),
});

/**
 * POST /website-drafts/{id}/advance: run the current step with its input. Done, the draft moves to the step
 * the work chose (an available domain goes on to the registrar, one already ours straight to the live
 * check); failed, it stays and the step's result says why (200: the failure is recorded on the draft). Bad
 * input is a 400 with field errors and changes nothing.
 */
export const advanceWizard = defineAction({
  method: 'POST',
  path: 'dms/api/v1/website-drafts/:id/advance',
  service: 'dms',
  summary: "Run a launch's current step and move on to the step its outcome chooses",
  access: 'permission',
  kind: 'write',
  params: IdParams,
  body: Type.Object(
    { step: StepId, ...Seen, input: Type.Optional(WizardInput) },
    { additionalProperties: false },
  ),
  response: Data(WizardDraft),
});

/** POST /website-drafts/{id}/back: remove the last visited step (SPEC §2.6). What it did stays done. */
export const backWizard = defineAction({
  method: 'POST',
  path: 'dms/api/v1/website-drafts/:id/back',
  service: 'dms',
  summary: 'Go back one step in a website launch',
  access: 'permission',
  kind: 'write',
  params: IdParams,
  body: Type.Object({ step: StepId, ...Seen }, { additionalProperties: false }),
  response: Data(WizardDraft),
});

/** POST /website-drafts/{id}/reset: back to step 0 (SPEC §2.6); what was bought or created is kept. */
export const resetWizard = defineAction({
  method: 'POST',
  path: 'dms/api/v1/website-drafts/:id/reset',
  service: 'dms',
  summary: 'Return a website launch to step 0',
  access: 'permission',
  kind: 'write',
  params: IdParams,
  body: Type.Object(Seen, { additionalProperties: false }),
  response: Data(WizardDraft),
});
