import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';

export const DnsRecordShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false} title="Record">
        <RecordValue source="host" label="Host" />
        <RecordValue source="type" label="Type" kind="choice" />
        <RecordValue source="class" label="Class" />
        <ReferenceLink
          source="domain_id"
          label="Domain"
          reference={resources.domains.path}
          optionText="unicode_name"
        />
        <RecordValue source="ttl" label="TTL" />
        <RecordValue source="ip" label="IP" />
        <RecordValue source="target" label="Target" />
        <RecordValue source="pri" label="Priority" />
        <RecordValue source="weight" label="Weight" />
        <RecordValue source="port" label="Port" />
        <RecordValue source="txt" label="TXT" kind="code" wide />
      </Section>
      <Section label={false} title="Start of authority">
        <RecordValue source="mname" label="Primary NS (mname)" />
        <RecordValue source="rname" label="Responsible (rname)" />
        <RecordValue source="serial" label="Serial" />
        <RecordValue source="refresh" label="Refresh" />
        <RecordValue source="retry" label="Retry" />
        <RecordValue source="expire" label="Expire" />
        <RecordValue source="minimum_ttl" label="Minimum TTL" />
      </Section>
    </TabbedShowLayout.Tab>
  </RecordShow>
);
