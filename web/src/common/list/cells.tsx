import { ChipField, ReferenceArrayField, SingleFieldList } from 'react-admin';
import { formatRecordDate, formatTime, secondsToDate } from '../format/dates';
import { filteredListPath } from '../format/links';
import type { ChipColor } from '../fields/ChoiceChip';
import { pluralise } from '../fields/CountChip';
import type { ColumnDef } from './columns';
import { getPath } from './export/exportRules';
import { CellChip, CellExternalLink, CellIcon, CellNA, CellText } from './table/cellParts';
import { ICONS } from './table/icons';
import { ReferenceCell, ReferencesCell } from './table/references';

type Opts = Partial<ColumnDef>;
type Row = Record<string, unknown>;

const missing = (value: unknown) => value === null || value === undefined || value === '';

/*
 * The cells are drawn with the parts of ./table (plain elements styled once by the list table), since a
 * list draws each of them up to 100 times; the record pages keep the fields of ../fields.
 */

/** Column constructors: each gives the cell renderer and matching export value for a kind of value. */
export const col = {
  text: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => <CellText value={getPath(r, source)} />,
    ...opts,
  }),
  /** A timestamp in the default time format, with the record format as tooltip. */
  time: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => {
      const text = formatTime(getPath(r, source));
      if (!text) return <CellNA />;
      const full = formatRecordDate(getPath(r, source)) ?? '';
      return (
        <span data-tip={full} aria-label={full || undefined}>
          {text}
        </span>
      );
    },
    exportValue: (r: Row) =>
      getPath(r, source) === undefined ? undefined : (formatRecordDate(getPath(r, source)) ?? ''),
    ...opts,
  }),
  bool: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    align: 'center',
    render: (r: Row) => {
      const value = getPath(r, source);
      if (value === null || value === undefined) return <CellNA />;
      return value ? (
        <CellIcon paths={ICONS.checkCircleOutline} size={20} className="sf-text-success" title="Yes" />
      ) : (
        <CellIcon paths={ICONS.removeCircleOutline} size={20} className="sf-text-disabled" title="No" />
      );
    },
    ...opts,
  }),
  /** A calendar date (epoch seconds shown as YYYY-MM-DD, SPEC §5). */
  date: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => <CellText value={secondsToDate(getPath(r, source))} />,
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
    render: (r: Row) => {
      const value = getPath(r, source);
      if (missing(value)) return <CellNA />;
      const key = String(value);
      const color = colors?.[key];
      return <CellChip label={labels?.[key] ?? key} color={color} outlined={!color} />;
    },
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
    render: (r: Row) => <CellExternalLink url={getPath(r, source)} />,
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
    render: (r: Row) => (
      <ReferenceCell record={r} source={source} reference={reference} optionText={optionText} />
    ),
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
    render: (r: Row) => {
      const count = getPath(r, source);
      const n = typeof count === 'number' ? count : Number(count ?? 0) || 0;
      if (!link || n === 0) return <CellChip label={pluralise(n, noun)} outlined faint={n === 0} />;
      const to = filteredListPath(link.resource, link.filter(r));
      return <CellChip label={pluralise(n, noun)} color="primary" outlined to={to} />;
    },
    ...opts,
  }),
  /** A list of strings on one line (nameservers): the first items, all of them in a tooltip. */
  list: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    sortable: false,
    render: (r: Row) => {
      const value = getPath(r, source);
      if (!Array.isArray(value) || value.length === 0) return <CellNA />;
      const all = value.map(String).join('\n');
      return (
        <span className="sf-clip" data-tip={all} aria-label={all}>
          {value.map(String).join(', ')}
        </span>
      );
    },
    ...opts,
  }),
  chips: (source: string, label: string, opts: Opts = {}): ColumnDef => ({
    source,
    label,
    render: (r: Row) => {
      const value = getPath(r, source);
      if (!Array.isArray(value) || value.length === 0) return <CellNA />;
      return (
        <div className="sf-chip-row">
          {value.map((item) => (
            <CellChip key={String(item)} label={String(item)} />
          ))}
        </div>
      );
    },
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
    render: (r: Row) => (
      <ReferencesCell
        record={r}
        source={source}
        optionText={optionText}
        fallback={
          <ReferenceArrayField source={source} reference={reference}>
            {/* one line, so rows keep their height; the full list is on the record's page */}
            <SingleFieldList
              linkType={false}
              sx={{ flexWrap: 'nowrap', maxWidth: 320, overflow: 'hidden', '& > *': { flexShrink: 0 } }}
            >
              <ChipField source={optionText} size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        }
      />
    ),
    ...opts,
  }),
};
