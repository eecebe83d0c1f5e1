import { actions, type ActionResponse } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { ActionTable, type ActionColumn } from '../../common/list/ActionTable';
import { NoRows } from '../../common/list/NoRows';
import { useActionQuery } from '../../common/list/useActionQuery';
import { DerivedShow } from '../../common/screens/DerivedScreens';

const spec = actions.seo.requestsByPath;
type Answer = ActionResponse<typeof spec>;
type PathRow = Answer['data']['paths'][number];

const COLUMNS: Array<ActionColumn<PathRow>> = [
  { label: 'Path', render: (p) => p.path, sx: { wordBreak: 'break-all' }, sortBy: (p) => p.path },
  {
    label: 'Requests',
    render: (p) => p.count.toLocaleString('en'),
    align: 'right',
    sortBy: (p) => p.count,
  },
  {
    label: 'Last request',
    render: (p) => new Date(p.last_seen * 1000).toISOString().slice(0, 16).replace('T', ' '),
    sortBy: (p) => p.last_seen,
  },
];

const rowsOf = (answer: Answer) => answer.data.paths;

/** SPEC §7.5 show-by-href: the host's requests by path, most requested first. */
const Paths = (_props: { label?: false }) => {
  const record = useRecordContext();
  const id = record ? String(record.id) : '';
  const query = useActionQuery(spec, { params: { id } }, { enabled: id !== '' });
  if (!record) return null;
  return (
    <ActionTable
      query={query}
      rows={rowsOf}
      columns={COLUMNS}
      rowKey={(p) => p.path}
      label="Requests by path"
      empty={<NoRows />}
      testId="request-paths"
    />
  );
};

export const RequestShow = () => (
  <DerivedShow>
    <TabbedShowLayout.Tab label="Paths" path="paths">
      <Paths label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
