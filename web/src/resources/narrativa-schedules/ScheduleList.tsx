import {
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_LANGUAGE_LABELS,
  resources,
  WRITING_TONE_LABELS,
} from '@sitefleet/shared';
import { ResourceList } from '../../common/list/ResourceList';
import { screenFilters } from '../../common/screens/filters';
import { RunCommandButton } from '../../tools/artisan/RunCommandButton';
import { GeneratorNotice } from '../open-ai-content/GeneratorNotice';
import { scheduleColumns } from './columns';

const filters = screenFilters(resources.narrativaSchedules, [
  ['topic', { quick: true }],
  'website_id',
  ['form_type', { labels: CONTENT_FORM_TYPE_LABELS }],
  ['language', { labels: CONTENT_LANGUAGE_LABELS }],
  ['frequency_unit', { labels: { days: 'Days', weeks: 'Weeks' } }],
  'ready',
  'active',
  ['tone', { labels: WRITING_TONE_LABELS }],
  'next_run_at',
]);

/**
 * SPEC §2.5 narrativa schedules: what is written when, whether the latest due article is written (ready),
 * and that Narrativa itself has no API: articles are written by the OpenAI-compatible generator.
 */
export const ScheduleList = () => (
  <>
    <GeneratorNotice narrativa />
    <ResourceList
      columns={scheduleColumns}
      filters={filters}
      createLabel="New schedule"
      actions={<RunCommandButton service="dms" command="content:schedules" label="Write due articles" />}
    />
  </>
);
