import { ResourceList } from '../../common/list/ResourceList';
import { dnsRecordColumns } from './columns';
import { dnsRecordFilters } from './filters';

export const DnsRecordList = () => (
  <ResourceList columns={dnsRecordColumns} filters={dnsRecordFilters} smallScreen={['host', 'type', 'ip']} />
);
