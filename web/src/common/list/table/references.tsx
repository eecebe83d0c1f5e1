import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useGetMany, useListContext, type RaRecord } from 'react-admin';
import { NA } from '../../format/text';
import { ReferenceLink } from '../../fields/ReferenceLink';
import { getPath } from '../export/exportRules';
import { CellChip, CellIcon, CellLink, CellNA } from './cellParts';
import { ICONS } from './icons';

/** The referenced records of one column for the rows on the page, read with one get-many. */
interface Batch {
  records: ReadonlyMap<string, RaRecord>;
  pending: boolean;
  error: string | null;
}

/** Column source → its batch. */
const BatchContext = createContext<ReadonlyMap<string, Batch>>(new Map());

const idsOf = (rows: readonly RaRecord[] | undefined, source: string): string[] => {
  const ids = new Set<string>();
  for (const row of rows ?? []) {
    const value = getPath(row, source);
    for (const id of Array.isArray(value) ? value : [value])
      if (id !== null && id !== undefined && id !== '') ids.add(String(id));
  }
  return [...ids].sort();
};

/**
 * Reads the records a reference column names for the whole page at once (one get-many, as react-admin's
 * ReferenceField batches them), so that each cell only looks its record up, where a ReferenceField per cell
 * subscribes a query (and an access check) of its own. ListTable mounts one per reference column.
 */
export const ReferenceBatch = ({
  source,
  reference,
  children,
}: {
  source: string;
  reference: string;
  children: ReactNode;
}) => {
  const { data: rows } = useListContext();
  const ids = useMemo(() => idsOf(rows, source), [rows, source]);
  const { data, isPending, error } = useGetMany(reference, { ids }, { enabled: ids.length > 0 });
  const parent = useContext(BatchContext);
  const value = useMemo(() => {
    const records = new Map((data ?? []).map((r) => [String(r.id), r]));
    const message = error ? (error instanceof Error ? error.message : String(error)) : null;
    const batch = { records, pending: ids.length > 0 && isPending, error: message };
    return new Map(parent).set(source, batch);
  }, [parent, source, data, isPending, error, ids.length]);
  return <BatchContext.Provider value={value}>{children}</BatchContext.Provider>;
};

const Pending = () => <span className="sf-pending" aria-busy="true" />;
const Failed = ({ message }: { message: string }) => (
  <CellIcon paths={ICONS.error} size={20} className="sf-text-error" title={message} />
);

/** A cell whose record is not (yet) in the batch: still reading, the read failed, or there is none. */
const NotFound = ({ batch }: { batch: Batch }) =>
  batch.pending ? <Pending /> : batch.error ? <Failed message={batch.error} /> : <CellNA />;

const nameOf = (record: RaRecord, optionText: string) => {
  const name = getPath(record, optionText);
  return name === null || name === undefined || name === '' ? NA : String(name);
};

/** A referenced record's name linking to its show page; 'N/A' when there is none. */
export const ReferenceCell = ({
  record,
  source,
  reference,
  optionText,
}: {
  record: Record<string, unknown>;
  source: string;
  reference: string;
  optionText: string;
}) => {
  const batch = useContext(BatchContext).get(source);
  if (!batch) return <ReferenceLink source={source} reference={reference} optionText={optionText} />;
  const id = getPath(record, source);
  if (id === null || id === undefined || id === '') return <CellNA />;
  const target = batch.records.get(String(id));
  if (!target) return <NotFound batch={batch} />;
  return (
    <CellLink to={`/${reference}/${encodeURIComponent(String(id))}/show`}>
      {nameOf(target, optionText)}
    </CellLink>
  );
};

/** Ids of another resource as chips of their names, on one line; 'N/A' when there are none. */
export const ReferencesCell = ({
  record,
  source,
  optionText,
  fallback,
}: {
  record: Record<string, unknown>;
  source: string;
  optionText: string;
  /** Drawn outside a ListTable, where no batch was read. */
  fallback: ReactNode;
}) => {
  const batch = useContext(BatchContext).get(source);
  const value = getPath(record, source);
  if (!Array.isArray(value) || value.length === 0) return <CellNA />;
  if (!batch) return <>{fallback}</>;
  const targets = value.flatMap((id) => batch.records.get(String(id)) ?? []);
  if (!targets.length) return <NotFound batch={batch} />;
  return (
    <div className="sf-chips">
      {targets.map((target) => (
        <CellChip key={String(target.id)} label={nameOf(target, optionText)} />
      ))}
    </div>
  );
};
