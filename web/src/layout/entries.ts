import DrawOutlined from '@mui/icons-material/DrawOutlined';
import FindInPageOutlined from '@mui/icons-material/FindInPageOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import TerminalOutlined from '@mui/icons-material/TerminalOutlined';
import { JOB_SERVICES } from '@sitefleet/shared';
import { artisanPath, CHECKER_PATHS } from '../providers/dataProvider';
import { RESOURCES } from '../resources';
import { SERVICE_LABELS } from '../resources/cron-jobs/labels';
import { artisanRoute } from '../tools/artisan/route';
import type { MenuEntry } from './menu';

/** Screens that are not API resources: open to everyone signed in, or to those who may call their API. */
const TOOLS: MenuEntry[] = [
  { label: 'Signature generator', icon: DrawOutlined, to: '/signature', group: 'SEO and Tools' },
  {
    label: 'Deindex checker',
    icon: ManageSearchOutlined,
    to: `/${CHECKER_PATHS.deindex}`,
    group: 'SEO and Tools',
    resource: CHECKER_PATHS.deindex,
    method: 'POST',
  },
  {
    label: 'Keyword checker',
    icon: FindInPageOutlined,
    to: `/${CHECKER_PATHS.keyword}`,
    group: 'SEO and Tools',
    resource: CHECKER_PATHS.keyword,
    method: 'POST',
  },
  ...JOB_SERVICES.map((service): MenuEntry => ({
    label: `${SERVICE_LABELS[service]} commands`,
    icon: TerminalOutlined,
    to: artisanRoute(service),
    group: 'Cron Jobs',
    resource: artisanPath(service),
  })),
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
