import { EditButton, TopToolbar, useResourceDefinition } from 'react-admin';
import { specOf } from '../../providers/writable';
import { DeleteAction } from './DeleteAction';
import { DuplicateButton } from './DuplicateButton';

export const ShowActions = ({ duplicate = false }: { duplicate?: boolean }) => {
  const { hasEdit, name } = useResourceDefinition();
  const canDelete = specOf(name)?.operations?.delete !== false;
  return (
    <TopToolbar>
      {duplicate && <DuplicateButton />}
      {hasEdit && <EditButton />}
      {canDelete && <DeleteAction />}
    </TopToolbar>
  );
};
