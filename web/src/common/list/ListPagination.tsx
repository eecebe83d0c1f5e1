import { Box, Button } from '@mui/material';
import { useCallback } from 'react';
import { Pagination, useListContext } from 'react-admin';
import { dataProvider } from '../../providers/dataProvider';
import { rangeLabel, totalKindOf } from './totals';

/**
 * The pagination of every list (25/50/100 rows a page). A total that is not exact reads "about 150,000"
 * (the database's estimate) or "10,000+" (more than are counted), with a "Count exactly" action beside it.
 */
export const ListPagination = () => {
  const { total, meta, refetch, resource } = useListContext();
  const kind = totalKindOf(meta);
  const labelDisplayedRows = useCallback(
    ({ from, to }: { from: number; to: number }) => rangeLabel(from, to, total ?? to, kind),
    [total, kind],
  );
  // Spread, as react-admin passes it on to the table pagination without declaring it.
  const labels = { labelDisplayedRows };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {kind !== 'exact' && total !== undefined && (
        <Button
          size="small"
          onClick={() => {
            dataProvider.countExactly(resource);
            void refetch();
          }}
        >
          Count exactly
        </Button>
      )}
      <Pagination rowsPerPageOptions={[25, 50, 100]} {...labels} />
    </Box>
  );
};
