import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { registerSpec } from '../../providers/writable';
import { RiskChip } from '../../tools/footprint/RiskChip';
import { WebsiteTabList } from './WebsiteTabList';

registerSpec(resources.linkNetwork);

const count = (source: string, label: string) => col.text(source, label, { align: 'right', sortable: true });

const columns = screenColumns(resources.linkNetwork, [
  'hostname',
  'type',
  count('backlinks_bought', 'Backlinks bought'),
  count('backlinks_live', 'Live'),
  count('backlinks_lost', 'Lost'),
  count('backlinks_unverifiable', 'Unverifiable'),
  count('spend_eur', 'Spend (EUR)'),
  count('referring_domains', 'Referring domains'),
  count('network_outbound', 'Links to the network'),
  {
    source: 'footprint_score',
    label: 'Footprint risk',
    sortable: true,
    render: (r: Record<string, unknown>) => <RiskChip score={r.footprint_score} />,
  },
  ['status', { hidden: true }],
  ['friendly_name', { hidden: true }],
]);
const filters = screenFilters(resources.linkNetwork, ['hostname', 'type', 'status', 'multiple_backlinks']);

/** SPEC §2.5 websites list tab Link Network Overview, with the SPEC §9 domain-count filter. */
export const LinkNetworkTab = () => (
  <WebsiteTabList
    storeKey="websites.linkNetwork"
    title="Link Network Overview"
    resource={resources.linkNetwork.path}
    columns={columns}
    filters={filters}
    sort={{ field: 'backlinks_bought', order: 'DESC' }}
  />
);
