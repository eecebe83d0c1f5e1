import type { SvgIconComponent } from '@mui/icons-material';
import type { Permissions } from '../providers/permissions';
import { hasRoute } from '../providers/permissions';

/** SPEC §1 menu groups, in menu order. */
export const MENU_GROUPS = [
  'Websites',
  'Wordpress',
  'SEO and Tools',
  'Uptime Monitoring',
  'Servers',
  'Cron Jobs',
  'Repositories',
  'Administration',
] as const;
export type MenuGroupName = (typeof MENU_GROUPS)[number];

export interface MenuEntry {
  label: string;
  icon: SvgIconComponent;
  /** Hash route of the screen: `/dms/api/v1/tags`, `/signature`. */
  to: string;
  group: MenuGroupName;
  /** The API resource whose GET permission shows the entry; none for tools open to everyone signed in. */
  resource?: string;
  /** The method of `resource` the user needs, for tools that only POST (the checkers); default GET. */
  method?: 'GET' | 'POST';
}

export interface VisibleGroup {
  name: MenuGroupName;
  entries: MenuEntry[];
}

/** The groups and entries a user may see (SPEC §6): empty groups are left out. */
export function buildMenu(entries: readonly MenuEntry[], perms: Permissions): VisibleGroup[] {
  const allowed = entries.filter((e) => !e.resource || hasRoute(perms, e.method ?? 'GET', e.resource));
  return MENU_GROUPS.map((name) => ({ name, entries: allowed.filter((e) => e.group === name) })).filter(
    (g) => g.entries.length > 0,
  );
}

/** The entry a location belongs to: the longest `to` that prefixes the path. */
export function entryForPath(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  return [...entries]
    .filter((e) => pathname === e.to || pathname.startsWith(`${e.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
