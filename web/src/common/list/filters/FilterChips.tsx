import { Chip, Stack } from '@mui/material';
import { useGetOne, useListFilterContext } from 'react-admin';
import { activeFilters, describeValue, removeFilter } from './filterRules';
import { SEARCH_KEY, widgetOf, type FilterDef } from './types';

const humanize = (key: string) =>
  key === SEARCH_KEY ? 'Search' : key.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

const ReferenceValue = ({ def, id }: { def: FilterDef; id: unknown }) => {
  const { data } = useGetOne(def.reference ?? '', { id: id as number }, { enabled: id != null });
  const name = data?.[def.optionText ?? 'name'];
  return <>{name != null ? String(name) : String(id)}</>;
};

/** Active filters as removable chips; removing one applies at once (SPEC §4 Advanced filters). */
export const FilterChips = ({ defs }: { defs: readonly FilterDef[] }) => {
  const { filterValues, setFilters } = useListFilterContext();
  const active = activeFilters(defs, filterValues);
  if (active.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', px: 2, pb: 1 }}
      data-testid="filter-chips"
    >
      {active.map(({ key, def }) => {
        const wire = filterValues[key];
        const value =
          def && widgetOf(def) === 'reference' && typeof wire !== 'object' ? (
            <ReferenceValue def={def} id={wire} />
          ) : (
            describeValue(def, wire)
          );
        return (
          <Chip
            key={key}
            size="small"
            color="primary"
            variant="outlined"
            label={
              <>
                <b>{def?.label ?? humanize(key)}:</b> {value}
              </>
            }
            onDelete={() => setFilters(removeFilter(filterValues, key), {}, false)}
          />
        );
      })}
    </Stack>
  );
};
