import type { FootprintKind, FootprintRisk } from '@sitefleet/shared';

/** Node colours by risk: the chip colours of the console (success, warning, error). */
export const RISK_COLORS: Record<FootprintRisk, string> = {
  low: '#2e7d32',
  medium: '#ed6c02',
  high: '#d32f2f',
};

export const RISK_CHIP: Record<FootprintRisk, 'success' | 'warning' | 'error'> = {
  low: 'success',
  medium: 'warning',
  high: 'error',
};

export const RISK_LABELS: Record<FootprintRisk, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** Edge colours by the tie's strongest kind: identity and tracking ties in warm colours, the rest cool. */
export const KIND_COLORS: Record<FootprintKind, string> = {
  tracker: '#c62828',
  ga_account: '#ad1457',
  registrant: '#6a1b9a',
  admin_email: '#8e24aa',
  ip: '#ef6c00',
  ip_block: '#f9a825',
  nameservers: '#00838f',
  admin_user: '#5d4037',
  theme: '#558b2f',
  plugin: '#2e7d32',
  link: '#1565c0',
  registrar: '#90a4ae',
};

/** The pair a tie is stored as: the smaller id first. */
export const pairOf = (x: number, y: number): [number, number] => (x < y ? [x, y] : [y, x]);
