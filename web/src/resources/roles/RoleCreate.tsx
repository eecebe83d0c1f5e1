import { RecordCreate } from '../../common/record/RecordForm';
import { CREATE_ROLE } from './labels';
import { RoleInputs } from './RoleInputs';

export const RoleCreate = () => (
  <RecordCreate title={CREATE_ROLE}>
    <RoleInputs />
  </RecordCreate>
);
