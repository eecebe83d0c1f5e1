import type { ActionInput, ActionResponse, ActionSpec } from '@sitefleet/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useRecordContext, type RaRecord } from 'react-admin';
import { ActionTable, type ActionTableProps } from './ActionTable';
import { useActionQuery } from './useActionQuery';

interface Props<S extends ActionSpec, R> extends Omit<
  ActionTableProps<ActionResponse<S>, R>,
  'query' | 'padded'
> {
  spec: S;
  /** The action's input for the record's id. */
  input: (id: string) => ActionInput<S>;
  /** The answer's cache key for the record (an action that changes the rows refreshes it by its prefix). */
  queryKey: (record: RaRecord) => QueryKey;
}

/**
 * A show page's tab of the rows an action answers for its record (checks, changes, history): the action's
 * answer for the record's id, as a padded ActionTable.
 */
export function RecordActionTable<S extends ActionSpec, R>({ spec, input, queryKey, ...table }: Props<S, R>) {
  const record = useRecordContext();
  const id = record?.id;
  const query = useActionQuery(spec, input(String(id)), {
    queryKey: record ? queryKey(record) : [spec.method, spec.path],
    enabled: id !== undefined,
  });
  if (!record) return null;
  return <ActionTable query={query} padded {...table} />;
}
