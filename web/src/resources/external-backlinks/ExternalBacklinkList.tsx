import { actions, resources } from '@sitefleet/shared';
import { ImportButton } from '../../common/import/ImportButton';
import { ListTabs } from '../../common/list/ListTabs';
import { ResourceList } from '../../common/list/ResourceList';
import { screenFilters } from '../../common/screens/filters';
import { RunCommandButton } from '../../tools/artisan/RunCommandButton';
import { CheckLinksButton, CHECK_COMMAND } from './CheckLinksButton';
import { backlinkColumns } from './columns';

const filters = screenFilters(resources.externalBacklinks, [
  'backlink',
  'url',
  'website_id',
  'anchor',
  'status',
  'rel_attribute',
  'currency',
  'permanent',
  'self_created',
  'has_captcha',
  'price',
  'end_date',
  'last_checked_at',
]);

const list = (filter?: Record<string, unknown>) => (
  <ResourceList
    columns={backlinkColumns}
    filters={filters}
    {...(filter ? { filter } : {})}
    bulkActions={<CheckLinksButton />}
    actions={
      <>
        <RunCommandButton service="dms" command={CHECK_COMMAND} label="Check links" />
        <ImportButton action={actions.imports.externalBacklinks} />
      </>
    }
  />
);

/**
 * SPEC §2.5 external backlinks: the ledger, the links with open warnings (Alerts) and the links lost (Errors:
 * not found, wrong target, page gone).
 */
export const ExternalBacklinkList = () => (
  <ListTabs
    tabs={[
      { id: 'external-backlinks', label: 'External backlinks', content: list() },
      { id: 'alerts', label: 'Alerts', content: list({ attention: 'alerts' }) },
      { id: 'errors', label: 'Errors', content: list({ attention: 'errors' }) },
    ]}
  />
);
