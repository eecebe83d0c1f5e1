import { Box, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateButton, useResourceDefinition } from 'react-admin';
import { ColumnChooser } from './ColumnChooser';
import type { ColumnDef } from './columns';
import { CopyButton } from './CopyButton';
import { ExportMenu } from './export/ExportMenu';
import { AdvancedFiltersDialog } from './filters/AdvancedFiltersDialog';
import { FilterChips } from './filters/FilterChips';
import { QuickFilterBar } from './filters/QuickFilterBar';
import type { FilterDef } from './filters/types';

interface Props {
  columns: readonly ColumnDef[];
  visible: readonly ColumnDef[];
  filters: readonly FilterDef[];
  onColumnsChange: (sources: string[] | undefined) => void;
  createLabel?: string;
  actions?: ReactNode;
}

/** Search and advanced filters on the left, `children` on the right, the active filters' chips below. */
export const FilterToolbar = ({
  filters,
  children,
}: {
  filters: readonly FilterDef[];
  children?: ReactNode;
}) => (
  <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', p: 2, pb: 1.5 }}
    >
      <QuickFilterBar defs={filters} />
      {filters.length > 0 && <AdvancedFiltersDialog defs={filters} />}
      <Box sx={{ flex: 1 }} />
      {children}
    </Stack>
    <FilterChips defs={filters} />
  </Box>
);

/** Search and filters on the left; columns, export, copy and create on the right; chips below. */
export const ListToolbar = ({ columns, visible, filters, onColumnsChange, createLabel, actions }: Props) => {
  const { hasCreate } = useResourceDefinition();
  return (
    <FilterToolbar filters={filters}>
      {actions}
      <ColumnChooser columns={columns} visible={visible.map((c) => c.source)} onApply={onColumnsChange} />
      <ExportMenu columns={visible} />
      <CopyButton columns={visible} />
      {hasCreate && <CreateButton variant="contained" label={createLabel ?? 'ra.action.create'} />}
    </FilterToolbar>
  );
};
