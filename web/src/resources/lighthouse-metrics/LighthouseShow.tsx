import { RecordValue } from '../../common/fields/RecordValue';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { DEVICE_LABELS } from './LighthouseList';
import { ScoresChart } from './ScoresChart';

const shown = [
  'website_id',
  'performance',
  'accessibility',
  'seo',
  'best_practices',
  'pwa',
  'final_url',
  'lighthouse_version',
  'error',
];

/** A run's scores, then the site's scores over time on both devices. */
export const LighthouseShow = () => (
  <DerivedShow
    fields={shown}
    more={[
      <RecordValue key="day" source="day" label="Day" kind="date" />,
      <RecordValue key="device" source="device" label="Device" kind="choice" labels={DEVICE_LABELS} />,
      <ScoresChart key="chart" label="Scores over time" wide />,
    ]}
  />
);
