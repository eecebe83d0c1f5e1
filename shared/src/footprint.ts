/**
 * The footprint graph's vocabulary (issue 18): the kinds of tie between two sites of the network that a
 * search engine (or a competitor's tool) can see, with the weight each carries. server/src/services/dms/
 * footprint computes the ties; the console explains them with these labels.
 */

export const FOOTPRINT_KINDS = [
  'tracker',
  'ga_account',
  'registrant',
  'admin_email',
  'ip',
  'ip_block',
  'nameservers',
  'admin_user',
  'theme',
  'plugin',
  'link',
  'registrar',
] as const;
export type FootprintKind = (typeof FOOTPRINT_KINDS)[number];

export const FOOTPRINT_KIND_LABELS: Record<FootprintKind, string> = {
  tracker: 'Analytics or ad id',
  ga_account: 'Analytics account',
  registrant: 'Registrant',
  admin_email: 'Admin e-mail',
  ip: 'IP address',
  ip_block: 'IP /24 block',
  nameservers: 'Nameservers',
  admin_user: 'Admin user name',
  theme: 'Theme',
  plugin: 'Plugin',
  link: 'Cross-link',
  registrar: 'Registrar',
};

/** A score from 0 to 100: at or above `high` the site is called out, at or above `medium` it is watched. */
export const FOOTPRINT_RISK = { medium: 50, high: 75 } as const;

export type FootprintRisk = 'low' | 'medium' | 'high';

export function footprintRisk(score: number): FootprintRisk {
  return score >= FOOTPRINT_RISK.high ? 'high' : score >= FOOTPRINT_RISK.medium ? 'medium' : 'low';
}
