import type { ReactNode } from 'react';
import { ListContextProvider, type ListControllerSuccessResult } from 'react-admin';
import { vi } from 'vitest';

/** A list context with a spy for setFilters, for components that read or change list filters. */
export function listContext(
  filterValues: Record<string, unknown>,
  extra: Partial<ListControllerSuccessResult> = {},
) {
  const setFilters = vi.fn();
  const value: ListControllerSuccessResult = {
    resource: 'dms/api/v1/tags',
    filterValues,
    setFilters,
    displayedFilters: {},
    sort: { field: 'name', order: 'ASC' },
    total: 0,
    data: [],
    error: null,
    isPending: false,
    page: 1,
    perPage: 25,
    selectedIds: [],
    hideFilter: vi.fn(),
    showFilter: vi.fn(),
    onSelect: vi.fn(),
    onSelectAll: vi.fn(),
    onToggleItem: vi.fn(),
    onUnselectItems: vi.fn(),
    refetch: vi.fn(),
    setPage: vi.fn(),
    setPerPage: vi.fn(),
    setSort: vi.fn(),
    ...extra,
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ListContextProvider value={value}>{children}</ListContextProvider>
  );
  return { setFilters, wrapper };
}
