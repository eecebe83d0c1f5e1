import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { registerWizardActions } from './actions.js';

/**
 * Launches of the website creation wizard (docs/wizard.md). The generic routes list, show and discard them;
 * the wizard's calls create and move them.
 */
export const websiteDraftsResource = defineServerResource<typeof resources.websiteDrafts.fields, AppDeps>({
  spec: resources.websiteDrafts,
  actions: registerWizardActions,
});
