import { RecordEdit } from '../../common/record/RecordForm';
import { RoleInputs } from './RoleInputs';

export const RoleEdit = () => (
  <RecordEdit>
    <RoleInputs />
  </RecordEdit>
);
