import type { WizardDraft } from './types';
import type { WizardControl } from './useWizard';

/** What a step's input gets: the launch as last read and the calls that move it. */
export interface StepProps {
  draft: WizardDraft;
  wizard: WizardControl;
}
