/**
 * The work of each launch step (SPEC §2.6, docs/wizard.md), by step key. Input is checked before a step runs
 * (./input.ts); a step's outside failure is its recorded result, which the operator retries.
 */
import type { WizardStepKey } from '@sitefleet/shared';
import type { Step } from './step-kit.js';
import { availability, buy, info, registrar } from './steps-domain.js';
import { install, notify, save, server } from './steps-site.js';
import { dnsAccess, dnsRecords, live, working } from './steps-web.js';

export type { StepContext, StepResult } from './step-kit.js';

export const STEP_RUNNERS: Record<WizardStepKey, Step> = {
  info,
  availability,
  registrar,
  buy,
  live,
  dns_access: dnsAccess,
  install,
  server,
  save,
  dns: dnsRecords,
  notify,
  working,
};
