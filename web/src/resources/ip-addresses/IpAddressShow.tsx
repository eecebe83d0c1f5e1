import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { ReferenceList } from '../../common/list/ReferenceList';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { websiteRefColumns } from '../websites/columns';

export const IpAddressShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="ip_address" label="IP address" />
        <ReferenceLink source="server_id" label="Server" reference={resources.servers.path} />
        <RecordValue source="available" label="Available" kind="boolean" />
        <RecordValue source="provider" label="Provider" />
        <RecordValue source="location" label="Location" />
        <RecordValue source="websites_count" label="Websites" />
        <RecordValue source="info" label="Info" kind="multiline" wide />
      </Section>
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Websites" path="websites">
      <ReferenceList reference={resources.websites.path} target="ip_address_id" columns={websiteRefColumns} />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
