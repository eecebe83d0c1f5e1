import { Box, Table, TableBody, TableCell, TableHead, TablePagination, TableRow } from '@mui/material';
import { useState } from 'react';
import { TimeValue } from '../../common/fields/Values';
import { MonitorStatus } from './MonitorStatus';
import { PanelEmpty } from './Panel';
import { changeRows, formatDuration } from './timeline';
import type { StatusChange } from './types';

/** SPEC §9 simple tables: 5, 10, 25, 50, 100, 500 rows (default 5). */
const PAGE_SIZES = [5, 10, 25, 50, 100, 500];

/** Every change the page holds (at most 500), newest first; the newest one is still going on. */
export const ChangesTable = ({ changes }: { changes: readonly StatusChange[] }) => {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const rows = changeRows(changes);
  if (rows.length === 0)
    return <PanelEmpty>No up or down changes yet: the first check decides the status.</PanelEmpty>;
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="status-changes">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Status</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Duration</TableCell>
            <TableCell>Message</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(page * size, (page + 1) * size).map((row) => (
            <TableRow key={`${row.time}-${row.status}`} data-testid="status-change">
              <TableCell>
                <MonitorStatus status={row.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <TimeValue value={row.time} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.ongoing ? 'ongoing' : formatDuration(row.duration)}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
                {row.message ?? ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
        />
      )}
    </Box>
  );
};
