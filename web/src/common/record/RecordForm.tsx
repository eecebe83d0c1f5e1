import type { ReactNode } from 'react';
import { Create, Edit, SimpleForm } from 'react-admin';
import { FormToolbar, type CanSave } from './FormToolbar';
import { RecordTitle } from './RecordTitle';

interface Props {
  children: ReactNode;
  canSave?: CanSave;
  title?: string;
}

/** Edit page: pessimistic (the server's version check and field errors come back before leaving). */
export const RecordEdit = ({ children, canSave, title }: Props) => (
  <Edit mutationMode="pessimistic" redirect="show" title={title ?? <RecordTitle prefix="Edit" />}>
    <SimpleForm mode="onTouched" toolbar={<FormToolbar canSave={canSave} />} warnWhenUnsavedChanges>
      {children}
    </SimpleForm>
  </Edit>
);

export const RecordCreate = ({ children, canSave, title }: Props) => (
  <Create redirect="show" title={title}>
    <SimpleForm mode="onTouched" toolbar={<FormToolbar canSave={canSave} />}>
      {children}
    </SimpleForm>
  </Create>
);
