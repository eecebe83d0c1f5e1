import type { ActionBody, ActionResponse, actions } from '@sitefleet/shared';

/** The wire types of the wizard's calls (shared/src/actions/wizard.ts), derived from their declarations. */
export type WizardDraft = ActionResponse<typeof actions.wizard.getWizard>['data'];
export type WizardInput = NonNullable<ActionBody<typeof actions.wizard.advanceWizard>['input']>;
export type WizardStepResult = WizardDraft['steps'][number];
export type WizardFact = WizardStepResult['facts'][number];
export type WizardRegistrarOption = WizardDraft['options']['registrars'][number];
export type WizardServerOption = WizardDraft['options']['servers'][number];
