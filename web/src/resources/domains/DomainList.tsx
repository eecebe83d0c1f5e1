import { actions } from '@sitefleet/shared';
import { ImportButton } from '../../common/import/ImportButton';
import { ResourceList } from '../../common/list/ResourceList';
import { domainColumns } from './columns';
import { domainFilters } from './filters';

export const DomainList = () => (
  <ResourceList
    columns={domainColumns}
    filters={domainFilters}
    actions={<ImportButton action={actions.imports.domains} />}
    smallScreen={['name', 'expiration_date', 'registrar_id']}
  />
);
