import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '../../resources/websites/wordpress/testApp';
import { ActionTable, type ActionColumn, type ActionRows } from './ActionTable';

interface Row {
  id: number;
  name: string;
  hits: number | null;
}
type Answer = { data: Row[] };

const COLUMNS: Array<ActionColumn<Row>> = [
  { label: 'Name', render: (r) => r.name, sortBy: (r) => r.name },
  { label: 'Hits', render: (r) => r.hits ?? '—', align: 'right', sortBy: (r) => r.hits },
  { label: 'Plain', render: (r) => `#${r.id}` },
];
const ROWS: Row[] = [
  { id: 1, name: 'page 10', hits: 3 },
  { id: 2, name: 'page 2', hits: null },
  { id: 3, name: 'Page 1', hits: 12 },
];

const table = (query: ActionRows<Answer>) =>
  renderInConsole(
    <ActionTable
      query={query}
      rows={(a: Answer) => a.data}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      label="Things"
      empty="Nothing yet."
      emptyTestId="no-things"
      rowTestId="thing"
    />,
  );

const names = () => screen.getAllByTestId('thing').map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('ActionTable: the rows an action answered', () => {
  it('shows a spinner while loading, the error when the call failed, the sentence when there are no rows', async () => {
    const { unmount } = table({ data: undefined, isPending: true, error: null });
    expect(await screen.findByText('Loading')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    const failed = table({ data: undefined, isPending: false, error: new Error('The server is away') });
    expect(screen.getByRole('alert').textContent).toContain('The server is away');
    failed.unmount();

    table({ data: { data: [] }, isPending: false, error: null });
    expect(screen.getByTestId('no-things').textContent).toBe('Nothing yet.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("lists the rows in the action's order and sorts by a column that says how, empty values last", () => {
    table({ data: { data: ROWS }, isPending: false, error: null });
    expect(screen.getByRole('table', { name: 'Things' })).toBeTruthy();
    expect(names()).toEqual(['page 10', 'page 2', 'Page 1']);
    // Only sortable columns are buttons.
    expect(screen.queryByRole('button', { name: 'Plain' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Page 1', 'page 2', 'page 10']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['page 10', 'page 2', 'Page 1']);

    fireEvent.click(screen.getByRole('button', { name: 'Hits' }));
    expect(names()).toEqual(['page 10', 'Page 1', 'page 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Hits' }));
    expect(names()).toEqual(['Page 1', 'page 10', 'page 2']);
  });

  it('pages the sorted rows, and marks and reports the row clicked', () => {
    const many: Row[] = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `page ${i + 1}`, hits: i }));
    const clicked: number[] = [];
    renderInConsole(
      <ActionTable
        query={{ data: { data: many }, isPending: false, error: null }}
        rows={(a: Answer) => a.data}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        label="Things"
        empty="Nothing yet."
        rowTestId="thing"
        defaultSort={{ label: 'Hits', order: 'desc' }}
        pageSize={3}
        onRowClick={(r) => clicked.push(r.id)}
        isSelected={(r) => r.id === 6}
      />,
    );
    expect(names()).toEqual(['page 7', 'page 6', 'page 5']);
    expect(screen.getAllByTestId('thing')[1]!.classList.contains('Mui-selected')).toBe(true);
    fireEvent.click(screen.getAllByTestId('thing')[2]!);
    expect(clicked).toEqual([5]);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['page 4', 'page 3', 'page 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['page 1']);
    // A new sort starts again at the first page.
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['page 1', 'page 2', 'page 3']);
  });
});
