import { Typography } from '@mui/material';
import {
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_LANGUAGE_LABELS,
  resources,
  WRITING_TONE_LABELS,
} from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { secondsToDate } from '../../common/format/dates';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { screenColumns } from '../../common/screens/columns';
import { contentColumns } from '../open-ai-content/columns';
import { GeneratorNotice } from '../open-ai-content/GeneratorNotice';
import { cadenceText } from './cadence';

const Cadence = (_: { label: string }) => {
  const record = useRecordContext();
  return record ? <span data-testid="schedule-cadence">{cadenceText(record)}</span> : null;
};

/** The next five due dates the server computed (the record's `upcoming`). */
const Upcoming = (_: { label: string }) => {
  const record = useRecordContext();
  const days = Array.isArray(record?.upcoming) ? record.upcoming.map(secondsToDate).filter(Boolean) : [];
  return days.length ? (
    <Typography variant="body2" data-testid="schedule-upcoming">
      {days.join(', ')}
    </Typography>
  ) : (
    <NAText />
  );
};

const articleColumns = [
  ...screenColumns(resources.openAiContent, [['due_at', { sortable: false }]]),
  ...contentColumns.filter((c) =>
    ['title', 'language', 'status', 'article_words', 'cost'].includes(c.source),
  ),
];

/** SPEC §2.5 narrativa schedules show: the schedule, when its next articles are due, and what it wrote. */
export const ScheduleShow = () => (
  <>
    <GeneratorNotice narrativa />
    <DerivedShow
      fields={[
        'topic',
        'website_id',
        'form_type',
        'language',
        'tone',
        'localised',
        'keywords',
        'start_date',
        'active',
        'ready',
        'next_run_at',
        'last_run_at',
        'number_subsections',
        'paragraphs',
      ]}
      labels={{
        form_type: CONTENT_FORM_TYPE_LABELS,
        language: CONTENT_LANGUAGE_LABELS,
        tone: WRITING_TONE_LABELS,
      }}
      more={[<Cadence key="cadence" label="Frequency" />, <Upcoming key="upcoming" label="Next due dates" />]}
    >
      <TabbedShowLayout.Tab label="Articles" path="articles">
        <ReferenceList
          reference={resources.openAiContent.path}
          target="schedule_id"
          columns={articleColumns}
          sort={{ field: 'created_at', order: 'DESC' }}
        />
      </TabbedShowLayout.Tab>
    </DerivedShow>
  </>
);
