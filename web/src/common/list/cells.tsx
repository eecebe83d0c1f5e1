import { ChipField, ReferenceArrayField, SingleFieldList } from 'react-admin';
import { formatRecordDate, secondsToDate } from '../format/dates';
import { ChoiceChip, type ChipColor } from '../fields/ChoiceChip';
import { CountChip } from '../fields/CountChip';
import { ExternalLink } from '../fields/ExternalLink';
import { ReferenceLink } from '../fields/ReferenceLink';
import { BooleanValue, ChipsValue, ListValue, TextValue, TimeValue } from '../fields/Values';
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
  /** A calendar date (epoch seconds shown as YYYY-MM-DD, SPEC §5). */
  date: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => <TextValue value={secondsToDate(getPath(r, source))} />,
    exportValue: (r: Row) =>
      getPath(r, source) === undefined ? undefined : secondsToDate(getPath(r, source)),
    ...opts,
  }),
  /** An enumeration value as a chip with its label (and colour); exports the label. */
  choice: (
    source: string,
    label: string,
    labels?: Readonly<Record<string, string>>,
    colors?: Readonly<Record<string, ChipColor>>,
    opts: Opts = {},
  ): ColumnDef => ({
    source,
    label,
    render: (r: Row) => <ChoiceChip value={getPath(r, source)} labels={labels} colors={colors} />,
    exportValue: (r: Row) => {
      const value = getPath(r, source);
      return value === undefined || value === null ? value : (labels?.[String(value)] ?? value);
    },
    ...opts,
  }),
  /** A link to an outside page, opened in a new tab. */
  link: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => <ExternalLink url={getPath(r, source)} />,
    ...opts,
  }),
  /** The id of another resource's record, shown as its name linking to it; exports resolve names. */
  reference: (
    source: string,
    label: string,
    reference: string,
    optionText = 'name',
    opts: Opts = {},
  ): ColumnDef => ({
    source,
    label,
    reference: { resource: reference, optionText },
    render: () => <ReferenceLink source={source} reference={reference} optionText={optionText} />,
    ...opts,
  }),
  /** A computed count ("21 domains") that opens the list of those records. */
  count: (
    source: string,
    label: string,
    noun: string,
    link?: { resource: string; filter: (r: Row) => Record<string, unknown> },
    opts: Opts = {},
  ): ColumnDef => ({
    source,
    label,
    align: 'center',
    render: (r: Row) => (
      <CountChip count={getPath(r, source)} noun={noun} resource={link?.resource} filter={link?.filter(r)} />
    ),
    ...opts,
  }),
  /** A list of strings on one line (nameservers): the first items, all of them in a tooltip. */
  list: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    sortable: false,
    render: (r: Row) => <ListValue value={getPath(r, source)} />,
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
          {/* one line, so rows keep their height; the full list is on the record's page */}
          <SingleFieldList
            linkType={false}
            sx={{ flexWrap: 'nowrap', maxWidth: 320, overflow: 'hidden', '& > *': { flexShrink: 0 } }}
          >
            <ChipField source={optionText} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      ) : (
        <NAText />
      ),
    ...opts,
  }),
};
