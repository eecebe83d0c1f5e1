import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { NoRows } from '../../common/list/NoRows';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { callAction } from '../../providers/actions';

/** SPEC §7.5 show-by-href: the host's requests by path, most requested first. */
const Paths = (_props: { label?: false }) => {
  const record = useRecordContext();
  const id = record ? String(record.id) : '';
  const { data, error } = useQuery({
    queryKey: ['requests-by-path', id],
    queryFn: ({ signal }) => callAction(actions.seo.requestsByPath, { params: { id } }, { signal }),
    enabled: id !== '',
  });
  if (error) return <Typography color="error">{error.message}</Typography>;
  if (!data) return null;
  if (!data.data.paths.length) return <NoRows />;
  return (
    <Table size="small" data-testid="request-paths">
      <TableHead>
        <TableRow>
          <TableCell>Path</TableCell>
          <TableCell align="right">Requests</TableCell>
          <TableCell>Last request</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.data.paths.map((p) => (
          <TableRow key={p.path}>
            <TableCell sx={{ wordBreak: 'break-all' }}>{p.path}</TableCell>
            <TableCell align="right">{p.count.toLocaleString('en')}</TableCell>
            <TableCell>{new Date(p.last_seen * 1000).toISOString().slice(0, 16).replace('T', ' ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

export const RequestShow = () => (
  <DerivedShow>
    <TabbedShowLayout.Tab label="Paths" path="paths">
      <Paths label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
