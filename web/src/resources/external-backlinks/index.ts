import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import TextFieldsOutlined from '@mui/icons-material/TextFieldsOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: the bought-backlink ledger (list tabs External backlinks, Alerts, Errors; show; create; edit). */
export const externalBacklinks = defineScreens(resources.externalBacklinks, {
  icon: AddLinkOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./ExternalBacklinkList'), 'ExternalBacklinkList'),
  show: lazyScreen(() => import('./ExternalBacklinkShow'), 'ExternalBacklinkShow'),
  inputs: () => import('./ExternalBacklinkInputs').then((m) => m.ExternalBacklinkInputs),
});

/** The warnings the checks raise (menu-only external-backlink-status, SPEC §2.5): derived list and show. */
export const externalBacklinkStatus = defineScreens(resources.externalBacklinkStatus, {
  icon: ReportProblemOutlined,
  group: 'SEO and Tools',
});

/** SPEC §2.5 anti-text diversity list: each anchor word's share of a website's bought links (read only). */
export const anchorWordStats = defineScreens(resources.anchorWordStats, {
  icon: TextFieldsOutlined,
  group: 'SEO and Tools',
});

/** SPEC §2.5 dms links: links to the network found elsewhere, nobody bought (derived screens). */
export const dmLinks = defineScreens(resources.dmLinks, { icon: LinkOutlined, group: 'SEO and Tools' });
