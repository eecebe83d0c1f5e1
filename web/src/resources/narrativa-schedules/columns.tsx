import {
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_LANGUAGE_LABELS,
  resources,
  WRITING_TONE_LABELS,
} from '@sitefleet/shared';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import { screenColumns } from '../../common/screens/columns';
import { cadenceText } from './cadence';

export const scheduleColumns = screenColumns(resources.narrativaSchedules, [
  'topic',
  ['website_id', { sortable: false }],
  col.choice('form_type', 'Form type', CONTENT_FORM_TYPE_LABELS, undefined, { sortable: true }),
  col.choice('language', 'Language', CONTENT_LANGUAGE_LABELS, undefined, { sortable: true }),
  {
    source: 'frequency_unit',
    label: 'Frequency',
    sortable: true,
    render: (r) => <TextValue value={cadenceText(r)} />,
    exportValue: (r) => cadenceText(r),
  },
  col.date('next_run_at', 'Next article due', { sortable: true }),
  'ready',
  ['active', { sortable: false }],
  col.count('articles', 'Articles', 'article', {
    resource: resources.openAiContent.path,
    filter: (r) => ({ schedule_id: r.id }),
  }),
  col.choice('tone', 'Writing tone', WRITING_TONE_LABELS, undefined, { hidden: true }),
  ['last_run_at', { hidden: true }],
  ['updated_at', { hidden: true }],
  col.text('id', 'ID', { hidden: true }),
]);
