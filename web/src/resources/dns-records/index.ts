import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

/** Read only: records are filled by each domain's DNS refresh. */
export const dnsRecords: ResourceDef = {
  name: resources.dnsRecords.path,
  label: 'DNS Records',
  icon: ListAltOutlined,
  group: 'Websites',
  recordRepresentation: 'host',
  list: lazyScreen(() => import('./DnsRecordList'), 'DnsRecordList'),
  show: lazyScreen(() => import('./DnsRecordShow'), 'DnsRecordShow'),
};
