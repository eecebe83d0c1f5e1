import {
  Alert,
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { errorMessage } from '../../providers/http';

type SortValue = string | number | null | undefined;

/** A column of an action's rows: its header, its cell, and, when it sorts, the value it sorts by. */
export interface ActionColumn<R> {
  label: string;
  render: (row: R) => ReactNode;
  align?: 'left' | 'right';
  /** The cells' style (top-aligned for rows of several lines, no wrap for dates, break-all for URLs). */
  sx?: SxProps<Theme>;
  /** Makes the header a sort button; the rows are all loaded, so they are sorted here (empty values last). */
  sortBy?: (row: R) => SortValue;
}

/** What a table shows from useActionQuery (or any query): its answer, or that it is loading or failed. */
export interface ActionRows<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
}

export interface ActionTableProps<T, R> {
  query: ActionRows<T>;
  /** The rows of an answer. */
  rows: (answer: T) => readonly R[];
  columns: ReadonlyArray<ActionColumn<R>>;
  rowKey: (row: R) => Key;
  /** The table's accessible name. */
  label: string;
  /** What an empty answer says (a sentence), or what it shows. */
  empty: ReactNode;
  emptyTestId?: string;
  testId?: string;
  rowTestId?: string;
  rowSx?: (row: R) => SxProps<Theme> | undefined;
  /** The column (by label) and order the rows start sorted in; else the action's own order. */
  defaultSort?: { label: string; order: 'asc' | 'desc' };
  /** Pads every state (loading, error, empty, table) as a show page's tab content. */
  padded?: boolean;
  /** Makes the rows clickable (a pointer, a hover shade); `isSelected` marks the row picked. */
  onRowClick?: (row: R) => void;
  isSelected?: (row: R) => boolean;
  /** Shows the sorted rows this many to a page, with a pager, when there are more. */
  pageSize?: number;
}

const blank = (v: SortValue): v is null | undefined | '' => v === null || v === undefined || v === '';

/** Numbers by value, text as people read it ("page 2" before "page 10"). */
function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/**
 * The rows an action answered, as a table: a spinner while they load, the error when it failed, a sentence
 * when there are none; sortable by the columns that say how. One component for every screen that shows an
 * action's rows, so none of them hand-rolls these states.
 */
export function ActionTable<T, R>({
  query,
  rows,
  columns,
  rowKey,
  label,
  empty,
  emptyTestId,
  testId,
  rowTestId,
  rowSx,
  defaultSort,
  padded = false,
  onRowClick,
  isSelected,
  pageSize,
}: ActionTableProps<T, R>) {
  const [sort, setSort] = useState(defaultSort ?? null);
  const [page, setPage] = useState(0);
  const data = query.data;
  const sorted = useMemo(() => {
    const list = data === undefined ? [] : rows(data);
    const by = sort && columns.find((c) => c.label === sort.label)?.sortBy;
    if (!sort || !by) return list;
    const sign = sort.order === 'asc' ? 1 : -1;
    return [...list].sort((a, b) => {
      const x = by(a);
      const y = by(b);
      // Blank values stay last in either order.
      if (blank(x) || blank(y)) return blank(x) === blank(y) ? 0 : blank(x) ? 1 : -1;
      return sign * compare(x, y);
    });
  }, [data, rows, columns, sort]);
  // The page stays in range when the rows shrink (a filter); a new sort starts again at the first.
  const lastPage = pageSize ? Math.max(0, Math.ceil(sorted.length / pageSize) - 1) : 0;
  const current = Math.min(page, lastPage);
  const shown = pageSize ? sorted.slice(current * pageSize, (current + 1) * pageSize) : sorted;

  let content: ReactNode;
  if (query.error) content = <Alert severity="error">{errorMessage(query.error)}</Alert>;
  else if (data === undefined) content = query.isPending ? <Loading /> : null;
  else if (!sorted.length)
    content =
      typeof empty === 'string' ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={emptyTestId}>
          {empty}
        </Typography>
      ) : (
        empty
      );
  else
    content = (
      <>
        <Table size="small" aria-label={label} data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.label}
                  align={c.align}
                  sortDirection={sort?.label === c.label ? sort.order : false}
                >
                  {c.sortBy ? (
                    <TableSortLabel
                      active={sort?.label === c.label}
                      direction={sort?.label === c.label ? sort.order : 'asc'}
                      onClick={() => {
                        setPage(0);
                        setSort((s) => ({
                          label: c.label,
                          order: s?.label === c.label && s.order === 'asc' ? 'desc' : 'asc',
                        }));
                      }}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow
                key={rowKey(row)}
                data-testid={rowTestId}
                hover={Boolean(onRowClick)}
                selected={isSelected?.(row) ?? false}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                sx={rowSx?.(row)}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((c) => (
                  <TableCell key={c.label} align={c.align} sx={c.sx}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {pageSize && sorted.length > pageSize ? (
          <TablePagination
            component="div"
            count={sorted.length}
            page={current}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[pageSize]}
            onPageChange={(_, p) => setPage(p)}
          />
        ) : null}
      </>
    );
  return padded ? <Box sx={{ p: 2 }}>{content}</Box> : <>{content}</>;
}

/** Cells of several lines: every cell of the row starts at the top. */
export const TOP: SxProps<Theme> = { verticalAlign: 'top' };
/** A date or a short value on one line, at the top. */
export const NOWRAP_TOP: SxProps<Theme> = { whiteSpace: 'nowrap', verticalAlign: 'top' };
