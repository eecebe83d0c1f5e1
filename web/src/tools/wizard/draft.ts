import { WIZARD_STEPS, type WizardStepKey } from '@sitefleet/shared';
import type { WizardDraft, WizardStepResult } from './types';

/** The last run of a step, if it ran. */
export const resultOf = (draft: WizardDraft, step: number): WizardStepResult | undefined =>
  draft.steps.find((s) => s.step === step);

export const stepKeyOf = (step: number): WizardStepKey | undefined => WIZARD_STEPS[step]?.key;

/** A fact any step reported (the registrar's price), the latest step's when several did. */
export function factOf(draft: WizardDraft, label: RegExp): string | undefined {
  const found = [...draft.steps]
    .sort((a, b) => a.step - b.step)
    .flatMap((s) => s.facts)
    .filter((f) => label.test(f.label));
  return found.at(-1)?.value;
}

/**
 * A refused step's field errors keyed as the step's inputs: the server names them as the body's
 * (`input.hostname`) or as the step's own (`hostname`).
 */
export function stepFieldErrors(
  errors: Record<string, string> | undefined,
  sources: readonly string[],
): { shown: Record<string, string>; unshown: Record<string, string> } {
  const shown: Record<string, string> = {};
  const unshown: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const name = key.replace(/^input\./, '');
    if (sources.includes(name)) shown[name] = message;
    else unshown[key] = message;
  }
  return { shown, unshown };
}
