/**
 * What a launch step is and answers (docs/wizard.md): it reads the draft (what earlier steps and attempts
 * did), does its outside work through the ports, and answers done (with the step to go to) or failed (with
 * why). Nothing a step does throws for an outside failure: it becomes the step's recorded result.
 */
import { WIZARD_STEPS, type WizardFact, type WizardStepKey } from '@sitefleet/shared';
import { errorMessage } from '../../../core/errors.js';
import type { DraftRow } from './draft-repository.js';
import type { Outcome } from './outcome.js';
import { LaunchError, type LaunchPorts, type SiteAnswer } from './ports.js';
import type { SiteRecords } from './records.js';

export interface StepDone {
  state: 'done';
  message: string;
  facts: WizardFact[];
  /** The step to go to, or the end of the launch. */
  next: number | 'completed';
  outcome?: Outcome;
  links?: { website_id?: number; domain_id?: number; notification_id?: number };
}

export interface StepFailed {
  state: 'failed';
  message: string;
  facts: WizardFact[];
  outcome?: Outcome;
}

export type StepResult = StepDone | StepFailed;

export interface StepContext {
  draft: DraftRow;
  /** The draft's hostname (step 0 has set it before any other step runs). */
  hostname: string;
  ports: LaunchPorts;
  /** The inventory writes and reads of steps 1, 7, 8 and 10. */
  records: SiteRecords;
  /** Commits this part of the outcome now, before an outside write whose answer may be lost. */
  remember(outcome: Outcome): Promise<void>;
}

export type Step = (c: StepContext) => Promise<StepResult>;

export const fact = (label: string, value: string | number | boolean | null | undefined): WizardFact => ({
  label,
  value:
    value === null || value === undefined
      ? '—'
      : typeof value === 'boolean'
        ? value
          ? 'Yes'
          : 'No'
        : String(value),
});
export const done = (message: string, next: StepDone['next'], rest: Partial<StepDone> = {}): StepDone => ({
  state: 'done',
  message,
  facts: [],
  next,
  ...rest,
});
export const failed = (message: string, rest: Partial<StepFailed> = {}): StepFailed => ({
  state: 'failed',
  message,
  facts: [],
  ...rest,
});
export const id = (key: WizardStepKey) => WIZARD_STEPS.findIndex((s) => s.key === key);
export const day = (epoch: number | null) =>
  epoch === null ? null : new Date(epoch * 1000).toISOString().slice(0, 10);
export const why = (err: unknown) => (err instanceof LaunchError ? err.message : errorMessage(err));

export const answerFacts = (a: SiteAnswer): WizardFact[] => [
  fact('Answer', `HTTP ${a.status}`),
  fact('URL', a.url),
  fact('Address', a.address),
  fact('Server', a.server),
  fact('Title', a.title),
];

/** The site's URL from the draft: https unless SSL was turned off at step 0. */
export const siteUrl = (draft: DraftRow, hostname: string) =>
  `${draft.info.ssl ? 'https' : 'http'}://${hostname}/`;
