import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { SaveButton, Toolbar, useRecordContext, useResourceDefinition } from 'react-admin';
import { specOf } from '../../providers/writable';
import { DeleteAction } from './DeleteAction';

export type CanSave = (values: Record<string, unknown>) => boolean;

const WatchedSave = ({ canSave }: { canSave: CanSave }) => {
  const values = useWatch() as Record<string, unknown>;
  return <SaveButton disabled={!canSave(values)} />;
};

/** Save (disabled while `canSave` says no) and, on existing records, Delete with confirmation. */
export const FormToolbar = ({ canSave }: { canSave?: CanSave }) => {
  const record = useRecordContext();
  const { name } = useResourceDefinition();
  const canDelete = record?.id != null && specOf(name)?.operations?.delete !== false;
  return (
    <Toolbar>
      {canSave ? <WatchedSave canSave={canSave} /> : <SaveButton />}
      <Box sx={{ flex: 1 }} />
      {canDelete && <DeleteAction />}
    </Toolbar>
  );
};
