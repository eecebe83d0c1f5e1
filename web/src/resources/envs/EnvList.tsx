import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { Typography } from '@mui/material';
import { MASK } from '../../common/fields/secret';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import { truncate } from '../../common/format/text';
import { ResourceList } from '../../common/list/ResourceList';
import { envFilters } from './filters';
import { ENVIRONMENT_LABELS } from './labels';

type Row = Record<string, unknown>;

/** A secret variable shows a mask here: revealing happens only on its page, one value at a time. */
const Value = ({ record }: { record: Row }) =>
  record.secret ? (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
      {MASK}
    </Typography>
  ) : (
    <TextValue value={typeof record.value === 'string' ? truncate(record.value, 60) : record.value} />
  );

const columns = screenColumns(resources.envs, [
  col.choice('environment', 'Environment', ENVIRONMENT_LABELS),
  { ...col.text('variable', 'Variable'), render: (r) => <code>{String(r.variable ?? '')}</code> },
  {
    source: 'value',
    label: 'Value',
    sortable: false,
    render: (r) => <Value record={r} />,
    exportValue: (r) => (r.secret ? MASK : (r.value ?? null)),
  },
  'secret',
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

export const EnvList = () => <ResourceList columns={columns} filters={envFilters} />;
