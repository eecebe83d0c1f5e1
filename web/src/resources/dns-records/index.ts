import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Read only: records are filled by each domain's DNS refresh. */
export const dnsRecords = defineScreens(resources.dnsRecords, {
  icon: ListAltOutlined,
  group: 'Websites',
  list: lazyScreen(() => import('./DnsRecordList'), 'DnsRecordList'),
  show: lazyScreen(() => import('./DnsRecordShow'), 'DnsRecordShow'),
});
