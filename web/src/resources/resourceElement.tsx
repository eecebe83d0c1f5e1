import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { NoCreatePage } from '../common/record/NoCreatePage';
import type { ResourceDef } from './types';

/** A console resource's react-admin routes; `create` answers with a page of its own when there is no create screen. */
export const resourceElement = ({
  name,
  label,
  icon,
  list,
  show,
  edit,
  create,
  recordRepresentation,
}: ResourceDef) => (
  <Resource
    key={name}
    name={name}
    options={{ label }}
    icon={icon}
    list={list}
    show={show}
    edit={edit}
    create={create}
    recordRepresentation={recordRepresentation}
  >
    {/* without it, `create` would be taken for a record id by the edit route, or fall to the list */}
    {!create && <Route path="create/*" element={<NoCreatePage resource={name} label={label} />} />}
  </Resource>
);
