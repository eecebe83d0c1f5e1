import { actions } from '@sitefleet/shared';

const labels = actions.wordpress.WORDPRESS_SITE_ACTION_LABELS;

/** What only the companion plugin can do (docs/wordpress.md); core REST covers the rest. */
export const NEEDS_COMPANION: readonly string[] = [
  labels['update-status'],
  labels['update-statistics'],
  labels['refresh-outbound-links'],
  labels['update-core'],
  'Plugin updates and installs',
  'The public generator version',
  'One-click admin login',
  "The server's OpCache figures",
];

type Row = Record<string, unknown>;

/** The core's update line: the package manager's business, a version to update to, or up to date. */
export function coreUpdateText(c: Row): string {
  if (typeof c.core_managed_by === 'string' && c.core_managed_by)
    return `${c.core_update ? `WordPress ${String(c.core_update)} available: ` : ''}update through the package manager`;
  if (typeof c.core_update === 'string' && c.core_update) return `WordPress ${c.core_update} available`;
  return c.companion ? 'Up to date' : 'Unknown without the companion';
}
