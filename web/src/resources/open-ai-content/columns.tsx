import {
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_LANGUAGE_LABELS,
  CONTENT_STATUS_LABELS,
  resources,
  WRITING_TONE_LABELS,
} from '@sitefleet/shared';
import { Tooltip } from '@mui/material';
import { ChoiceChip } from '../../common/fields/ChoiceChip';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import { screenColumns } from '../../common/screens/columns';
import { formatCost, formatCount, STATUS_COLORS } from './labels';

type Row = Record<string, unknown>;

/** The status chip, with the last failure's reason in a tooltip. */
export const StatusChip = ({ record }: { record: Row }) => {
  const chip = (
    <span data-testid="content-status">
      <ChoiceChip value={record.status} labels={CONTENT_STATUS_LABELS} colors={STATUS_COLORS} />
    </span>
  );
  return typeof record.error === 'string' && record.error ? (
    <Tooltip title={record.error}>{chip}</Tooltip>
  ) : (
    chip
  );
};

const spec = resources.openAiContent;

export const contentColumns = screenColumns(spec, [
  'title',
  'topic',
  ['website_id', { sortable: false }],
  col.choice('language', 'Language', CONTENT_LANGUAGE_LABELS, undefined, { sortable: true }),
  col.choice('tone', 'Writing tone', WRITING_TONE_LABELS, undefined, { sortable: true }),
  {
    source: 'status',
    label: 'Status',
    sortable: true,
    render: (r) => <StatusChip record={r} />,
    exportValue: (r) => CONTENT_STATUS_LABELS[r.status as keyof typeof CONTENT_STATUS_LABELS] ?? r.status,
  },
  {
    source: 'article_words',
    label: 'Words',
    sortable: true,
    align: 'right',
    render: (r) => <TextValue value={formatCount(r.article_words)} />,
  },
  ['total_tokens', { hidden: true }],
  {
    source: 'cost',
    label: 'Cost (USD)',
    sortable: true,
    align: 'right',
    render: (r) => <TextValue value={formatCost(r.cost)} />,
    exportValue: (r) => r.cost,
  },
  col.choice('form_type', 'Form type', CONTENT_FORM_TYPE_LABELS, undefined, { hidden: true }),
  ['model', { hidden: true }],
  ['schedule_id', { hidden: true, sortable: false }],
  ['generated_at', { hidden: true }],
  ['created_at', { hidden: true }],
  ['updated_at', { hidden: true }],
  col.text('id', 'ID', { hidden: true }),
]);
