import DrawOutlined from '@mui/icons-material/DrawOutlined';
import { RESOURCES } from '../resources';
import type { MenuEntry } from './menu';

/** Screens that are not API resources; open to everyone signed in. */
const TOOLS: MenuEntry[] = [
  { label: 'Signature generator', icon: DrawOutlined, to: '/signature', group: 'SEO and Tools' },
];

export const MENU_ENTRIES: MenuEntry[] = [
  ...RESOURCES.map((r) => ({
    label: r.label,
    icon: r.icon,
    to: `/${r.name}`,
    group: r.group,
    resource: r.name,
  })),
  ...TOOLS,
];
