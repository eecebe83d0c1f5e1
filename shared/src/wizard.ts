/**
 * The website creation wizard (SPEC §2.6, docs/wizard.md): twelve steps in this order, each doing real work on
 * the server. A launch's draft lives on the server (website-drafts), so a launch survives a reload, a failed
 * step can be retried, and nothing bought or created by an earlier attempt is bought or created again.
 */

/** The steps, in SPEC order; a step's id is its index. */
export const WIZARD_STEPS = [
  {
    key: 'info',
    label: 'Enter Website Information',
    hint: 'The domain of the new site and how it will be run.',
  },
  {
    key: 'availability',
    label: 'Checking if is available',
    hint: 'Registration data (RDAP, WHOIS for TLDs without RDAP), DNS, and the registrar’s own check.',
  },
  {
    key: 'registrar',
    label: 'Select Domain Registrar',
    hint: 'A registrar Sitefleet buys through, or a purchase made by hand elsewhere.',
  },
  {
    key: 'buy',
    label: 'Buy domain',
    hint: 'Registers the domain. An interrupted purchase is looked up before anything is bought again.',
  },
  {
    key: 'live',
    label: 'Check if website is live',
    hint: 'Whether the domain already answers on the web, and with what.',
  },
  {
    key: 'dns_access',
    label: 'Check if we can edit DNS',
    hint: 'The nameservers must point to a DNS provider Sitefleet can drive (Cloudflare).',
  },
  {
    key: 'install',
    label: 'Want to do a fresh install?',
    hint: 'A RunCloud web application with WordPress on the chosen server, or none.',
  },
  {
    key: 'server',
    label: 'Select Server and IP',
    hint: 'Where the site will live; pick an IP whose subnet hosts few of the network’s sites.',
  },
  {
    key: 'save',
    label: 'Saving Website in the product',
    hint: 'The website and its domain are recorded in the inventory.',
  },
  {
    key: 'dns',
    label: 'Setting up DNS',
    hint: 'A records for the domain and www point to the chosen IP.',
  },
  {
    key: 'notify',
    label: 'Notify Tech',
    hint: 'A notification to the IT role with what was done and what is left.',
  },
  {
    key: 'working',
    label: 'Checking if website is working',
    hint: 'The chosen IP answers for the domain over HTTP(S).',
  },
] as const;

export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];
export const WIZARD_STEP_KEYS = WIZARD_STEPS.map((s) => s.key) as readonly WizardStepKey[];
export const LAST_WIZARD_STEP = WIZARD_STEPS.length - 1;

/** The step id of a key. */
export function wizardStepId(key: WizardStepKey): number {
  return WIZARD_STEP_KEYS.indexOf(key);
}

/** SPEC §2.6: the text shown after the last step, with a 'Deploy new site' button. */
export const WIZARD_DONE_TEXT = "All steps completed! You're new site it's created!";
export const WIZARD_RESTART_LABEL = 'Deploy new site';

/** How a launch stands. */
export const WIZARD_STATUSES = ['in_progress', 'completed'] as const;
export type WizardStatus = (typeof WIZARD_STATUSES)[number];

/** The registrars a launch can use: one with an API Sitefleet drives, or a purchase made by hand. */
export const WIZARD_REGISTRARS = ['namecheap', 'manual'] as const;
export type WizardRegistrar = (typeof WIZARD_REGISTRARS)[number];
export const WIZARD_REGISTRAR_LABELS: Record<WizardRegistrar, string> = {
  namecheap: 'Namecheap (bought through its API)',
  manual: 'Bought by hand at another registrar',
};
