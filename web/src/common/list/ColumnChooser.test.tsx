import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ColumnChooser } from './ColumnChooser';
import { smallScreenColumns, visibleColumns, type ColumnDef } from './columns';

const columns: ColumnDef[] = [
  { source: 'name', label: 'Name' },
  { source: 'email', label: 'Email' },
  { source: 'roles', label: 'Roles' },
  { source: 'id', label: 'ID', hidden: true },
];

describe('column chooser', () => {
  it("opens a 'Configuration' dialog and applies the picked columns in declaration order", async () => {
    const onApply = vi.fn();
    render(<ColumnChooser columns={columns} visible={['name', 'email']} onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: /columns/i }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Configuration')).toBeTruthy();
    fireEvent.click(dialog.getByLabelText('ID'));
    fireEvent.click(dialog.getByLabelText('Name'));
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(['email', 'id']);
  });

  it('falls back to the defaults and shows three columns on small screens', () => {
    expect(visibleColumns(columns, undefined).map((c) => c.source)).toEqual(['name', 'email', 'roles']);
    expect(visibleColumns(columns, ['gone']).map((c) => c.source)).toEqual(['name', 'email', 'roles']);
    expect(visibleColumns(columns, ['id', 'name']).map((c) => c.source)).toEqual(['name', 'id']);
    expect(smallScreenColumns(columns).map((c) => c.source)).toEqual(['name', 'email', 'roles']);
    expect(smallScreenColumns(columns, ['email']).map((c) => c.source)).toEqual(['email']);
  });
});
