import DnsOutlined from '@mui/icons-material/DnsOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

/** Read only: nameservers come from WhoIs refreshes. */
export const nameservers: ResourceDef = {
  name: resources.nameservers.path,
  label: resources.nameservers.label,
  icon: DnsOutlined,
  group: 'Websites',
  recordRepresentation: 'nameserver',
  list: lazyScreen(() => import('./NameserverList'), 'NameserverList'),
  show: lazyScreen(() => import('./NameserverShow'), 'NameserverShow'),
};
