import { useRecordContext, useResourceContext } from 'react-admin';
import { specOf } from '../../providers/writable';

/** The record's name (its resource's title field), optionally prefixed: "Edit admin@example.com". */
export const RecordTitle = ({ prefix }: { prefix?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  if (!record) return null;
  const field = specOf(resource)?.titleField ?? 'name';
  const name = record[field] ?? `#${record.id}`;
  return <>{prefix ? `${prefix} ${String(name)}` : String(name)}</>;
};
