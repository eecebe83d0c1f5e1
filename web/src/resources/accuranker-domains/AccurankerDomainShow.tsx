import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { col } from '../../common/list/cells';
import { ReferenceList } from '../../common/list/ReferenceList';
import { screenColumns } from '../../common/screens/columns';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { RankHistory } from './RankHistory';
import { RankNotifications } from './RankNotifications';

/** SPEC §3: keyword, device (search type 1 Desktop, else Mobile), search engine, volume and latest rank. */
export const keywordColumns = screenColumns(resources.accurankerKeywords, [
  'keyword',
  col.text('device', 'Device', { sortable: false }),
  'search_engine',
  'search_volume',
  col.text('latest_rank', 'Latest rank', { align: 'right' }),
  col.date('latest_rank_day', 'Checked', { sortable: false }),
  ['location', { hidden: true }],
]);

/** SPEC §2.5: an AccuRanker domain with its Keywords, rank Notifications and rank History. */
export const AccurankerDomainShow = () => (
  <DerivedShow more={[<RecordValue key="keywords" source="keyword_count" label="Keywords" />]}>
    <TabbedShowLayout.Tab label="Keywords" path="keywords">
      <ReferenceList
        reference={resources.accurankerKeywords.path}
        target="domain_id"
        columns={keywordColumns}
        sort={{ field: 'search_volume', order: 'DESC' }}
        rowClick={false}
        listLink={false}
      />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Notifications" path="notifications">
      <RankNotifications label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="History" path="history">
      <RankHistory label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
