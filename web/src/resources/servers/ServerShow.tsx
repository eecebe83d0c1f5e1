import { resources, type RecordFor } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { OpenLinkButton } from '../../common/fields/OpenLinkButton';
import { RecordValue } from '../../common/fields/RecordValue';
import { runcloudUrl } from '../../common/format/links';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { ipAddressRefColumns } from '../ip-addresses/columns';
import { websiteRefColumns } from '../websites/columns';
import { ServerDetails } from './ServerDetails';
import { ServerOpcache } from './ServerOpcache';

const RunCloudLink = () => {
  const record = useRecordContext<RecordFor<typeof resources.servers>>();
  return <OpenLinkButton href={runcloudUrl(record?.runcloud_server_id)} label="Open in RunCloud" />;
};

const more = [
  <RecordValue key="websites" source="websites_count" label="Websites" />,
  <RecordValue key="ips" source="ip_addresses_count" label="IP addresses" />,
  <RecordValue key="notes" source="notes" label="Notes" kind="multiline" wide />,
];

export const ServerShow = () => (
  <DerivedShow
    actions={<RunCloudLink />}
    fields={[
      'name',
      'type',
      'main_ip',
      'provider',
      'location',
      'operating_system',
      'web_server',
      'runcloud_server_id',
    ]}
    more={more}
  >
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
    <TabbedShowLayout.Tab label="OpCache" path="opcache">
      <ServerOpcache label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Details" path="details">
      <ServerDetails label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
