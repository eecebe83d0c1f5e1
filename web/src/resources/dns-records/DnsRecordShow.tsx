import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { valuesOf } from '../../common/screens/values';

const spec = resources.dnsRecords;
const RECORD = ['host', 'type', 'class', 'domain_id', 'ttl', 'ip', 'target', 'pri', 'weight', 'port'];
const SOA = ['mname', 'rname', 'serial', 'refresh', 'retry', 'expire', 'minimum_ttl'];

/** The record's own values, then its start-of-authority ones (only SOA records have them). */
export const DnsRecordShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false} title="Record">
        {valuesOf(spec, RECORD)}
        <RecordValue source="txt" label="TXT" kind="code" wide />
      </Section>
      <Section label={false} title="Start of authority">
        {valuesOf(spec, SOA)}
      </Section>
    </TabbedShowLayout.Tab>
  </RecordShow>
);
