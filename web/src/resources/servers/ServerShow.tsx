import { resources } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { OpenLinkButton } from '../../common/fields/OpenLinkButton';
import { RecordValue } from '../../common/fields/RecordValue';
import { runcloudUrl } from '../../common/format/links';
import { ReferenceList } from '../../common/list/ReferenceList';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { ipAddressRefColumns } from '../ip-addresses/columns';
import { websiteRefColumns } from '../websites/columns';

const RunCloudLink = () => {
  const record = useRecordContext();
  return <OpenLinkButton href={runcloudUrl(record?.runcloud_server_id)} label="Open in RunCloud" />;
};

export const ServerShow = () => (
  <RecordShow actions={<RunCloudLink />}>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="name" label="Name" />
        <RecordValue source="type" label="Type" kind="choice" />
        <RecordValue source="main_ip" label="Main IP" />
        <RecordValue source="provider" label="Provider" />
        <RecordValue source="location" label="Location" />
        <RecordValue source="operating_system" label="Operating system" />
        <RecordValue source="web_server" label="Web server" />
        <RecordValue source="runcloud_server_id" label="RunCloud server ID" />
        <RecordValue source="websites_count" label="Websites" />
        <RecordValue source="ip_addresses_count" label="IP addresses" />
        <RecordValue source="notes" label="Notes" kind="multiline" wide />
      </Section>
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Websites" path="websites">
      <ReferenceList reference={resources.websites.path} target="server_id" columns={websiteRefColumns} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="IP Addresses" path="ip-addresses">
      <ReferenceList
        reference={resources.ipAddresses.path}
        target="server_id"
        columns={ipAddressRefColumns}
      />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
