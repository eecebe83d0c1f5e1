import { ListTabs } from '../../common/list/ListTabs';
import { ResourceList } from '../../common/list/ResourceList';
import { websiteColumns } from './columns';
import { websiteFilters } from './filters';

/** SPEC §2.5 lists six tabs; the others come with their own screens. */
export const WebsiteList = () => (
  <ListTabs
    tabs={[
      {
        id: 'websites',
        label: 'Websites',
        content: (
          <ResourceList
            columns={websiteColumns}
            filters={websiteFilters}
            smallScreen={['hostname', 'status', 'alerts']}
          />
        ),
      },
    ]}
  />
);
