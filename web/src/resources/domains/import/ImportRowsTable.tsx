import {
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ChipColor } from '../../../common/fields/ChoiceChip';
import { STATUS_LABELS, type ImportRowState, type RowStatus } from './importRows';

const COLORS: Record<RowStatus, ChipColor> = {
  ready: 'default',
  invalid: 'warning',
  imported: 'success',
  error: 'error',
};

/** Rows drawn at most; a longer file still imports whole. */
const SHOWN = 500;

export const ImportRowsTable = ({ rows }: { rows: readonly ImportRowState[] }) => (
  <>
    <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label="Rows to import">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Notes</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Message</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(0, SHOWN).map((row) => (
            <TableRow key={row.line} data-testid="import-row">
              <TableCell>{row.line}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{row.name}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{row.notes}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={STATUS_LABELS[row.status]}
                  color={COLORS[row.status]}
                  variant={row.status === 'ready' ? 'outlined' : 'filled'}
                />
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{row.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
    {rows.length > SHOWN && (
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Showing the first {SHOWN} of {rows.length} rows.
      </Typography>
    )}
  </>
);
