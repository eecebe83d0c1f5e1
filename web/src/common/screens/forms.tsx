import type { ComponentType } from 'react';
import { RecordCreate, RecordEdit } from '../record/RecordForm';
import type { CanSave } from '../record/FormToolbar';

/** A resource's form fields; `mode` for the few that differ between create and edit (a password). */
export type InputsComponent = ComponentType<{ mode: 'create' | 'edit' }>;

export interface FormOptions {
  canSave?: CanSave;
  /** The create page's title; without it "Create <one record of the label>". */
  createTitle: string;
}

/** The create page of a resource: its inputs in the common form (Save disabled while `canSave` says no). */
export function createScreen(Inputs: InputsComponent, { canSave, createTitle }: FormOptions): ComponentType {
  const Create = () => (
    <RecordCreate canSave={canSave} title={createTitle}>
      <Inputs mode="create" />
    </RecordCreate>
  );
  return Create;
}

/** The edit page of a resource: the same inputs, saved pessimistically with the record's version. */
export function editScreen(
  Inputs: InputsComponent,
  { canSave }: Pick<FormOptions, 'canSave'>,
): ComponentType {
  const Edit = () => (
    <RecordEdit canSave={canSave}>
      <Inputs mode="edit" />
    </RecordEdit>
  );
  return Edit;
}
