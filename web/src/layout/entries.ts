import DrawOutlined from '@mui/icons-material/DrawOutlined';
import FindInPageOutlined from '@mui/icons-material/FindInPageOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import TerminalOutlined from '@mui/icons-material/TerminalOutlined';
import { actions, JOB_SERVICES } from '@sitefleet/shared';
import { CHECKER_ACTIONS } from '../providers/dataProvider';
import { RESOURCES } from '../resources';
import { SERVICE_LABELS } from '../resources/cron-jobs/labels';
import { artisanRoute } from '../tools/artisan/route';
import { FOOTPRINT_ROUTE } from '../tools/footprint/route';
import type { MenuEntry } from './menu';

/** Screens that are not API resources: open to everyone signed in, or to those who may call their API. */
const TOOLS: MenuEntry[] = [
  { label: 'Signature generator', icon: DrawOutlined, to: '/signature', group: 'SEO and Tools' },
  {
    label: 'Deindex checker',
    icon: ManageSearchOutlined,
    to: `/${CHECKER_ACTIONS.deindex.path}`,
    group: 'SEO and Tools',
    resource: CHECKER_ACTIONS.deindex.path,
    method: 'POST',
  },
  {
    label: 'Keyword checker',
    icon: FindInPageOutlined,
    to: `/${CHECKER_ACTIONS.keyword.path}`,
    group: 'SEO and Tools',
    resource: CHECKER_ACTIONS.keyword.path,
    method: 'POST',
  },
  {
    label: 'Footprint graph',
    icon: HubOutlined,
    to: FOOTPRINT_ROUTE,
    group: 'SEO and Tools',
    resource: actions.footprint.footprintGraph.path,
  },
  ...JOB_SERVICES.map((service): MenuEntry => ({
    label: `${SERVICE_LABELS[service]} commands`,
    icon: TerminalOutlined,
    to: artisanRoute(service),
    group: 'Cron Jobs',
    resource: actions.jobs.artisan[service].run.path,
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
