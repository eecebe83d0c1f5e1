import { lazy } from 'react';
import { ListTabs } from '../../common/list/ListTabs';
import { ResourceList } from '../../common/list/ResourceList';
import { ipAddressColumns } from './columns';
import { ipAddressFilters } from './filters';

const DiversityTab = lazy(() =>
  import('./diversity/DiversityTab').then((m) => ({ default: m.DiversityTab })),
);

/** SPEC §2.5: IP addresses list with the tabs IP Addresses and Diversity. */
export const IpAddressList = () => (
  <ListTabs
    tabs={[
      {
        id: 'ip-addresses',
        label: 'IP Addresses',
        content: <ResourceList columns={ipAddressColumns} filters={ipAddressFilters} />,
      },
      { id: 'diversity', label: 'Diversity', content: <DiversityTab /> },
    ]}
  />
);
