import { resources } from '@sitefleet/shared';
import type { ChipColor } from '../../common/fields/ChoiceChip';
import { RecordLink } from '../../common/fields/RecordLink';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { screenColumns } from '../../common/screens/columns';

type State = (typeof resources.wpSites.fields.state.values)[number];

export const STATE_LABELS: Record<State, string> = {
  connected: 'Connected',
  error: 'Error',
  pending: 'Not synced yet',
};
export const STATE_COLORS: Record<State, ChipColor> = {
  connected: 'success',
  error: 'error',
  pending: 'default',
};

/** The website of a fleet record, by the hostname the server adds, linking to the website. */
export const websiteColumn: ColumnDef = {
  source: 'website_hostname',
  label: 'Website',
  render: (r) => (
    <RecordLink resource={resources.websites.path} id={r.website_id} text={r.website_hostname} />
  ),
};

/** The fleet overview: every connection with what its last sync read. */
export const wpSiteColumns = screenColumns(resources.wpSites, [
  websiteColumn,
  'url',
  col.choice('state', 'State', STATE_LABELS, STATE_COLORS),
  'core_version',
  'php_version',
  'plugin_updates',
  ['theme_updates', { hidden: true }],
  ['companion', { hidden: true }],
  'last_sync_at',
  col.text('last_error', 'Last error', { sortable: false }),
  ['id', { hidden: true }],
]);
