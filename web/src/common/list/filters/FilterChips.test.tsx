import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listContext } from '../../../test/listContext';
import { AdvancedFiltersDialog } from './AdvancedFiltersDialog';
import { FilterChips } from './FilterChips';
import type { FilterDef } from './types';

const defs: FilterDef[] = [
  { source: 'name', label: 'Name', kind: 'search', value: 'text' },
  { source: 'hostname', label: 'Hostname', kind: 'in', value: 'text' },
  { source: 'last_login', label: 'Last login', kind: 'range', value: 'timestamp' },
];

describe('active filter chips', () => {
  it('shows one chip per active filter, dates as YYYY-MM-DD', () => {
    const { wrapper } = listContext({ name: 'foo', last_login: { min: 1704067200 }, q: 'hello' });
    render(<FilterChips defs={defs} />, { wrapper });
    const chips = within(screen.getByTestId('filter-chips'));
    expect(chips.getByText('foo')).toBeTruthy();
    expect(chips.getByText('from 2024-01-01')).toBeTruthy();
    expect(chips.getByText('Search:')).toBeTruthy();
  });

  it('applies at once when a chip is removed', () => {
    const { wrapper, setFilters } = listContext({ name: 'foo', q: 'hello' });
    const { container } = render(<FilterChips defs={defs} />, { wrapper });
    const remove = container.querySelectorAll('.MuiChip-deleteIcon')[0] as Element;
    fireEvent.click(remove);
    expect(setFilters).toHaveBeenCalledWith({ q: 'hello' }, {}, false);
  });
});

describe('Advanced Filters dialog', () => {
  it('applies the entered filters with the Filter button', async () => {
    const { wrapper, setFilters } = listContext({ q: 'keep' });
    render(<AdvancedFiltersDialog defs={defs} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: /advanced filters/i }));
    const dialog = within(await screen.findByRole('dialog'));
    // the fields load with the dialog
    fireEvent.change(await dialog.findByLabelText('Name'), { target: { value: ' foo ' } });
    fireEvent.change(dialog.getByLabelText('Hostname'), { target: { value: 'a.com, b.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Filter' }));
    expect(setFilters).toHaveBeenCalledWith(
      { q: 'keep', name: 'foo', hostname: { where_in: ['a.com', 'b.com'] } },
      {},
      false,
    );
  });
});
