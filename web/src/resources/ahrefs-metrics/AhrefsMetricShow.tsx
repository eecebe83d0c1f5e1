import { RecordValue } from '../../common/fields/RecordValue';
import { DerivedShow } from '../../common/screens/DerivedScreens';

/** SPEC §3 Ahrefs metrics: the day's domain rating, backlink statistics and organic and paid figures. */
const shown = [
  'website_id',
  'domain_rating',
  'live',
  'all_time',
  'live_refdomains',
  'all_time_refdomains',
  'org_keywords',
  'org_keywords_1_3',
  'org_traffic',
  'org_cost',
  'paid_keywords',
  'paid_traffic',
  'paid_cost',
  'paid_pages',
];

export const AhrefsMetricShow = () => (
  <DerivedShow fields={shown} more={[<RecordValue key="day" source="day" label="Day" kind="date" />]} />
);
