import { ChipField, ReferenceArrayField, SingleFieldList } from 'react-admin';
import { formatRecordDate } from '../format/dates';
import { BooleanValue, ChipsValue, TextValue, TimeValue } from '../fields/Values';
import { NAText } from '../fields/NA';
import type { ColumnDef } from './columns';
import { getPath } from './export/exportRules';

type Opts = Partial<ColumnDef>;
type Row = Record<string, unknown>;

/** Column constructors: each gives the cell renderer and matching export value for a kind of value. */
export const col = {
  text: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => <TextValue value={getPath(r, source)} />,
    ...opts,
  }),
  time: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => <TimeValue value={getPath(r, source)} />,
    exportValue: (r: Row) =>
      getPath(r, source) === undefined ? undefined : (formatRecordDate(getPath(r, source)) ?? ''),
    ...opts,
  }),
  bool: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    align: 'center',
    render: (r: Row) => <BooleanValue value={getPath(r, source)} />,
    ...opts,
  }),
  chips: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => <ChipsValue value={getPath(r, source)} />,
    ...opts,
  }),
  /** Ids of another resource, drawn as chips of their names; exports resolve names (SPEC §5). */
  references: (
    source: string,
    label: string,
    reference: string,
    optionText = 'name',
    opts: Opts = {},
  ): ColumnDef => ({
    source,
    label,
    reference: { resource: reference, optionText },
    render: (r: Row) =>
      Array.isArray(getPath(r, source)) && (getPath(r, source) as unknown[]).length ? (
        <ReferenceArrayField source={source} reference={reference}>
          <SingleFieldList linkType={false}>
            <ChipField source={optionText} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      ) : (
        <NAText />
      ),
    ...opts,
  }),
};
