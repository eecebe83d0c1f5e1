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
import type { ImportSpec } from '@sitefleet/shared';
import type { ChipColor } from '../fields/ChoiceChip';
import { messageOf, STATUS_LABELS, type ImportRowState, type RowStatus } from './importRows';

const COLORS: Record<RowStatus, ChipColor> = {
  checking: 'default',
  ready: 'default',
  exists: 'info',
  invalid: 'warning',
  imported: 'success',
  error: 'error',
};

/** Cells longer than this (URLs) wrap anywhere; shorter ones (dates, prices) stay on one line. */
const LONG = 24;

/** Rows drawn at most; a longer file still imports whole. */
const SHOWN = 500;

/** The rows of a file with their state: the declared preview columns (a cell in error in red), status, message. */
export const ImportRowsTable = ({
  spec,
  rows,
  busy,
}: {
  spec: ImportSpec;
  rows: readonly ImportRowState[];
  busy: boolean;
}) => {
  const columns = spec.preview ?? Object.keys(spec.columns);
  return (
    <>
      <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table
          size="small"
          stickyHeader
          aria-label="Rows to import"
          aria-busy={busy}
          data-testid="import-rows"
        >
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              {columns.map((key) => (
                <TableCell key={key}>{spec.columns[key]?.header ?? key}</TableCell>
              ))}
              <TableCell>Status</TableCell>
              <TableCell>Message</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, SHOWN).map((row) => (
              <TableRow key={row.line} data-testid="import-row">
                <TableCell data-testid="import-line">{row.line}</TableCell>
                {columns.map((key) => (
                  <TableCell
                    key={key}
                    data-testid={`import-cell-${key}`}
                    title={row.fields[key]}
                    sx={{
                      ...((row.cells[key]?.length ?? 0) > LONG
                        ? { overflowWrap: 'anywhere', minWidth: 160 }
                        : { whiteSpace: 'nowrap' }),
                      ...(row.fields[key] ? { color: 'error.main', fontWeight: 500 } : {}),
                    }}
                  >
                    {row.cells[key] ?? ''}
                  </TableCell>
                ))}
                <TableCell data-testid="import-status">
                  <Chip
                    size="small"
                    label={STATUS_LABELS[row.status]}
                    color={COLORS[row.status]}
                    variant={row.status === 'ready' || row.status === 'checking' ? 'outlined' : 'filled'}
                  />
                </TableCell>
                <TableCell data-testid="import-message" sx={{ color: 'text.secondary' }}>
                  {messageOf(spec, row)}
                </TableCell>
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
};
