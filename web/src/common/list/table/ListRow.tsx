import {
  Children,
  createElement,
  isValidElement,
  memo,
  type ElementType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  RecordContextProvider,
  type DataTableColumnProps,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { getPath } from '../export/exportRules';
import { CellIcon } from './cellParts';
import { ICONS } from './icons';

/** A column as the rows draw it: the class of its cells and what goes in them. */
export interface RowColumn {
  key: string;
  className: string;
  draw: (record: RaRecord) => ReactNode;
}

const ALIGN: Record<string, string> = { center: ' sf-center', right: ' sf-right' };

/** The rows' columns from the table's <DataTable.Col> children (reordered and hidden as the table says). */
export function rowColumns(children: ReactNode, hidden: readonly string[]): RowColumn[] {
  return Children.toArray(children).flatMap((child, i) => {
    if (!isValidElement<DataTableColumnProps>(child)) return [];
    const { source, label, align, className, cellClassName, render, field, children: content } = child.props;
    if (hidden.includes(source ?? String(label))) return [];
    const draw = (record: RaRecord): ReactNode =>
      content ??
      (render
        ? render(record)
        : field
          ? createElement(field as ElementType, { source })
          : source
            ? textOf(getPath(record, source))
            : null);
    const classes = [className, cellClassName, source ? `column-${source}` : ''].filter(Boolean).join(' ');
    return [
      {
        key: source ?? `col${i}`,
        className: `sf-cell RaDataTable-rowCell ${classes}${ALIGN[align ?? ''] ?? ''}`,
        draw,
      },
    ];
  });
}

const noop = () => undefined;
const textOf = (value: unknown) => (value === null || value === undefined ? null : String(value));

export interface ListRowProps {
  record: RaRecord;
  index: number;
  columns: readonly RowColumn[];
  className: string;
  /** Whether the row has a selection checkbox (the table has bulk actions) and may be selected. */
  checkbox: 'none' | 'selectable' | 'disabled';
  selected: boolean;
  checkboxLabel: string;
  toggle?: (id: Identifier, event: MouseEvent) => void;
}

export const ListRow = memo(
  ({ record, index, columns, className, checkbox, selected, checkboxLabel, toggle }: ListRowProps) => {
    const checked = selected && checkbox === 'selectable';
    return (
      <RecordContextProvider value={record}>
        <tr
          className={`${className} ${index % 2 ? 'RaDataTable-rowOdd' : 'RaDataTable-rowEven'}`}
          data-index={index}
        >
          {checkbox !== 'none' && (
            <td className="sf-cell sf-check">
              <span
                className={`sf-checkbox MuiCheckbox-root select-item RaDataTable-checkbox${checked ? ' Mui-checked' : ''}${
                  checkbox === 'disabled' ? ' Mui-disabled' : ''
                }`}
              >
                <input
                  type="checkbox"
                  aria-label={checkboxLabel}
                  checked={checked}
                  disabled={checkbox === 'disabled'}
                  onClick={(event) => {
                    event.stopPropagation();
                    if (checkbox === 'selectable') toggle?.(record.id, event);
                  }}
                  onChange={noop}
                />
                <CellIcon paths={checked ? ICONS.checkBox : ICONS.checkBoxBlank} />
              </span>
            </td>
          )}
          {columns.map((column) => (
            <td key={column.key} className={column.className}>
              {column.draw(record)}
            </td>
          ))}
        </tr>
      </RecordContextProvider>
    );
  },
);
ListRow.displayName = 'ListRow';
