import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { Loading, useRecordContext } from 'react-admin';
import { formatTime } from '../../common/format/dates';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';

const spec = actions.backlinks.affiliateLinkChanges;
const FIELD_LABELS: Record<string, string> = {
  permalink: 'Permalink',
  redirect_to: 'Redirect to',
  redirection_type: 'Redirection type',
  casino_name: 'Casino name',
};

/** SPEC §2.5 affiliate links Changes: each change of the path, target, type or name, newest first. */
export const AffiliateChanges = (_: { label?: false }) => {
  const record = useRecordContext();
  const id = record?.id;
  const { data, isPending, error } = useQuery({
    queryKey: ['affiliate-link', id, 'changes', record?.version],
    queryFn: ({ signal }) => callAction(spec, { params: { id: String(id) } }, { signal }),
    enabled: id !== undefined,
  });
  if (!record) return null;
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data.data.length)
    return (
      <Typography variant="body2" sx={{ p: 2 }}>
        No changes recorded.
      </Typography>
    );
  return (
    <Box sx={{ p: 2 }}>
      <Table size="small" aria-label="Changes">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Field</TableCell>
            <TableCell>Before</TableCell>
            <TableCell>After</TableCell>
            <TableCell>By</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.data.map((c) => (
            <TableRow key={c.id} data-testid="affiliate-change">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(c.changed_at)}</TableCell>
              <TableCell>{FIELD_LABELS[c.field] ?? c.field}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{c.old_value ?? '—'}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{c.new_value ?? '—'}</TableCell>
              <TableCell>{c.user_name ?? 'System'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
