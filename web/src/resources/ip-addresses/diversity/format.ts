import type { IpDiversity, ShareRow } from '@sitefleet/shared';
import { pluralise } from '../../../common/fields/CountChip';

/** 39.7 → '39.7%' (the server sends shares as percentages with one decimal). */
export function formatShare(share: number): string {
  const rounded = Math.round(share * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/** The warning of a subnet that more than one site of the network shares (a footprint). */
export function flagText(sites: number): string {
  return `${sites} sites share this subnet`;
}

export interface TotalCard {
  label: string;
  value: number;
  hint?: string;
  warn: boolean;
}

/** The totals as cards: counts, and how many subnets are flagged. */
export function totalCards(totals: IpDiversity['totals']): TotalCard[] {
  return [
    { label: 'IP addresses', value: totals.ips, warn: false },
    { label: 'Sites on them', value: totals.sites, warn: false },
    {
      label: 'Sites without an IP',
      value: totals.sites_without_ip,
      hint: totals.sites_without_ip ? 'Not counted in the subnets' : undefined,
      warn: totals.sites_without_ip > 0,
    },
    {
      label: '/24 subnets',
      value: totals.subnets24,
      hint: `${totals.flagged24} flagged`,
      warn: totals.flagged24 > 0,
    },
    {
      label: '/16 subnets',
      value: totals.subnets16,
      hint: `${totals.flagged16} flagged`,
      warn: totals.flagged16 > 0,
    },
  ];
}

/** A share row's bar length, relative to the largest share (so the biggest bar fills the track). */
export function barPercent(row: ShareRow, rows: readonly ShareRow[]): number {
  const max = Math.max(0, ...rows.map((r) => r.share));
  return max > 0 ? Math.round((row.share / max) * 100) : 0;
}

export function shareCaption(row: ShareRow): string {
  return `${pluralise(row.sites, 'site')} on ${pluralise(row.ips, 'IP')}`;
}

/** Every site id the subnet tables mention (their hostnames are loaded once). */
export function siteIdsOf(data: IpDiversity): number[] {
  return [...new Set([...data.subnets24, ...data.subnets16].flatMap((s) => s.site_ids))].sort(
    (a, b) => a - b,
  );
}
