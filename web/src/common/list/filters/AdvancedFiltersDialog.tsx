import FilterListIcon from '@mui/icons-material/FilterList';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useListFilterContext } from 'react-admin';
import { buildFilter, toFormValues } from './filterRules';
import type { FilterDef, FormValues } from './types';

const loadFields = () => import('./AdvancedFilterFields');
const AdvancedFilterFields = lazy(() => loadFields().then((m) => ({ default: m.AdvancedFilterFields })));

/** The 'Advanced Filters' dialog: edits every declared filter; the Filter button applies them. */
export const AdvancedFiltersDialog = ({ defs }: { defs: readonly FilterDef[] }) => {
  const { filterValues, setFilters } = useListFilterContext();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<FormValues>({});
  const activeCount = defs.filter((d) => filterValues[d.source] !== undefined).length;

  const openDialog = () => {
    setValues(toFormValues(defs, filterValues));
    setOpen(true);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(buildFilter(defs, values, filterValues), {}, false);
    setOpen(false);
  };

  return (
    <>
      <Button
        size="small"
        onClick={openDialog}
        onMouseEnter={() => void loadFields()}
        onFocus={() => void loadFields()}
        startIcon={<FilterListIcon />}
      >
        <Badge badgeContent={activeCount} color="primary" sx={{ '& .MuiBadge-badge': { right: -10 } }}>
          Advanced Filters
        </Badge>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <form onSubmit={apply} noValidate>
          <DialogTitle>Advanced Filters</DialogTitle>
          <DialogContent dividers>
            <Suspense fallback={<LinearProgress />}>
              <AdvancedFilterFields defs={defs} values={values} setValues={setValues} />
            </Suspense>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setValues(toFormValues(defs, {}))}>Clear</Button>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="contained">
              Filter
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
