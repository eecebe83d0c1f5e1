import { BulkDeleteButton, useListContext, useResourceContext, useResourceDefinition } from 'react-admin';
import { specOf } from '../../providers/writable';
import { DELETE_CONFIRM } from '../record/messages';
import { countedNoun } from './nouns';

/** "Delete 3 domains": the title react-admin would build from the resource's path otherwise. */
export const bulkDeleteTitle = (pluralLabel: string, count: number) =>
  `Delete ${countedNoun(pluralLabel, count)}`;

/** Bulk delete with the SPEC §5 confirmation, titled with the number and kind of records selected. */
export const BulkDelete = () => {
  const resource = useResourceContext() ?? '';
  const { options } = useResourceDefinition();
  const { selectedIds } = useListContext();
  const label = specOf(resource)?.label ?? String(options?.label ?? resource);
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      confirmTitle={bulkDeleteTitle(label, selectedIds.length)}
      confirmContent={DELETE_CONFIRM}
    />
  );
};
