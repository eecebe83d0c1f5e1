import type { ReactNode } from 'react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { vi } from 'vitest';

/** A list context with a spy for setFilters, for components that read or change list filters. */
export function listContext(
  filterValues: Record<string, unknown>,
  extra: Partial<ListControllerResult> = {},
) {
  const setFilters = vi.fn();
  const value = {
    resource: 'dms/api/v1/tags',
    filterValues,
    setFilters,
    displayedFilters: {},
    sort: { field: 'name', order: 'ASC' },
    total: 0,
    data: [],
    ...extra,
  } as unknown as ListControllerResult;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ListContextProvider value={value}>{children}</ListContextProvider>
  );
  return { setFilters, wrapper };
}
