import { lazy } from 'react';
import { ListTabs } from '../../common/list/ListTabs';
import { ResourceList } from '../../common/list/ResourceList';
import { serverColumns } from './columns';
import { serverFilters } from './filters';

const OpcacheTab = lazy(() => import('./OpcacheTab').then((m) => ({ default: m.OpcacheTab })));
const ServiceStatusTab = lazy(() =>
  import('./ServiceStatusTab').then((m) => ({ default: m.ServiceStatusTab })),
);

/** SPEC §2.5: the servers list with the tabs Servers, OpCache and Service Status. */
export const ServerList = () => (
  <ListTabs
    tabs={[
      {
        id: 'servers',
        label: 'Servers',
        content: (
          <ResourceList
            columns={serverColumns}
            filters={serverFilters}
            smallScreen={['name', 'main_ip', 'type']}
          />
        ),
      },
      { id: 'opcache', label: 'OpCache', content: <OpcacheTab /> },
      { id: 'service-status', label: 'Service Status', content: <ServiceStatusTab /> },
    ]}
  />
);
