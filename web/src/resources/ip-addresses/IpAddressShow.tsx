import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { websiteRefColumns } from '../websites/columns';

export const IpAddressShow = () => (
  <DerivedShow
    fields={['ip_address', 'server_id', 'available', 'provider', 'location']}
    more={[
      <RecordValue key="count" source="websites_count" label="Websites" />,
      <RecordValue key="info" source="info" label="Info" kind="multiline" wide />,
    ]}
  >
    <TabbedShowLayout.Tab label="Websites" path="websites">
      <ReferenceList reference={resources.websites.path} target="ip_address_id" columns={websiteRefColumns} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
