import { Box, Link, Typography } from '@mui/material';
import { LIMITS } from '@sitefleet/shared';
import { ReferenceManyField, useListContext, useRecordContext, type SortPayload } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { specOf } from '../../providers/writable';
import { filteredListPath } from '../format/links';
import type { ColumnDef } from './columns';
import { getPath } from './export/exportRules';
import { ListPagination } from './ListPagination';
import { NoRows } from './NoRows';
import { ListTable } from './table/ListTable';
import { totalKindOf, totalText } from './totals';

export interface ReferenceListProps {
  /** The listed resource, e.g. the domains of a registrar. */
  reference: string;
  /** Its field (filter key) that points back at this record. */
  target: string;
  /** This record's field whose value the target must match (default id). */
  source?: string;
  /** A column showing the target itself (the record we are on) is left out. */
  columns: readonly ColumnDef[];
  sort?: SortPayload;
  /** A fixed filter on top of the target (the outbound links only: `{internal: false}`). */
  filter?: Record<string, unknown>;
  /** Row click opens the referenced record's show page (default); false for records without one. */
  rowClick?: 'show' | false;
  /** Offers "Open in list" with the same filter, where the full list features are (default true). */
  listLink?: boolean;
  /** Read by the show layout: a reference list draws no label of its own. */
  label?: false;
}

const Header = ({
  reference,
  filter,
  listLink,
}: {
  reference: string;
  filter: Record<string, unknown>;
  listLink: boolean;
}) => {
  const { total, meta } = useListContext();
  const kind = totalKindOf(meta);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1, minHeight: 40 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="reference-total">
        {total === undefined
          ? ''
          : total === 1 && kind === 'exact'
            ? '1 record'
            : `${totalText(total, kind)} records`}
      </Typography>
      {listLink && Boolean(total) && (
        <Link component={RouterLink} to={filteredListPath(reference, filter)} variant="body2">
          Open in list
        </Link>
      )}
    </Box>
  );
};

/** The records of another resource that point at this one (SPEC §2.7: 25 rows a page, 'No Rows Found :('). */
export const ReferenceList = ({
  reference,
  target,
  source = 'id',
  columns,
  sort,
  filter,
  rowClick = 'show',
  listLink = true,
}: ReferenceListProps) => {
  const record = useRecordContext();
  const spec = specOf(reference);
  if (!record) return null;
  const value = getPath(record, source);
  if (value === null || value === undefined) return <NoRows />;
  return (
    <ReferenceManyField
      reference={reference}
      target={target}
      source={source}
      sort={sort ?? spec?.defaultSort}
      filter={filter}
      perPage={LIMITS.defaultPerPage}
    >
      <Box
        sx={{ width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
        data-testid={`reference-list-${reference.split('/').pop()}`}
      >
        <Header reference={reference} filter={{ ...filter, [target]: value }} listLink={listLink} />
        <Box sx={{ overflowX: 'auto' }}>
          <ListTable
            columns={columns.filter((c) => c.source !== target)}
            spec={spec}
            rowClick={rowClick}
            bulkActionButtons={false}
          />
        </Box>
        <ListPagination />
      </Box>
    </ReferenceManyField>
  );
};
