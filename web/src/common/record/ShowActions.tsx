import type { ReactNode } from 'react';
import { EditButton, TopToolbar, useResourceDefinition } from 'react-admin';
import { specOf } from '../../providers/writable';
import { DeleteAction } from './DeleteAction';
import { DuplicateButton } from './DuplicateButton';

export const ShowActions = ({ duplicate = false, extra }: { duplicate?: boolean; extra?: ReactNode }) => {
  const { hasEdit, name } = useResourceDefinition();
  const canDelete = specOf(name)?.operations?.delete !== false;
  return (
    <TopToolbar>
      {extra}
      {duplicate && <DuplicateButton />}
      {hasEdit && <EditButton />}
      {canDelete && <DeleteAction />}
    </TopToolbar>
  );
};
