import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useListContext } from 'react-admin';
import { FilterField } from './FilterField';
import { buildFilter, toFormValues } from './filterRules';
import type { FilterDef, FormValues } from './types';

/** The 'Advanced Filters' dialog: edits every declared filter; the Filter button applies them. */
export const AdvancedFiltersDialog = ({ defs }: { defs: readonly FilterDef[] }) => {
  const { filterValues, setFilters } = useListContext();
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
      <Button size="small" onClick={openDialog} startIcon={<FilterListIcon />}>
        <Badge badgeContent={activeCount} color="primary" sx={{ '& .MuiBadge-badge': { right: -10 } }}>
          Advanced Filters
        </Badge>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <form onSubmit={apply} noValidate>
          <DialogTitle>Advanced Filters</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {defs.map((def) => (
                <FilterField
                  key={def.source}
                  def={def}
                  value={values[def.source]}
                  onChange={(value) => setValues((v) => ({ ...v, [def.source]: value }))}
                />
              ))}
            </Stack>
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
