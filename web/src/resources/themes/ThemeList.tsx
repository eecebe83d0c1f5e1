import { resources } from '@sitefleet/shared';
import { ResourceList } from '../../common/list/ResourceList';
import { screenFilters } from '../../common/screens/filters';
import { themeColumns } from './columns';

const filters = screenFilters(resources.themes, [['name', { quick: true }], 'slug', 'author_name']);

export const ThemeList = () => (
  <ResourceList
    columns={themeColumns}
    filters={filters}
    smallScreen={['name', 'total_installs', 'updates_available']}
  />
);
