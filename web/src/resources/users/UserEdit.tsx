import { RecordEdit } from '../../common/record/RecordForm';
import { passwordsMatch } from './passwordRules';
import { UserInputs } from './UserInputs';

export const UserEdit = () => (
  <RecordEdit canSave={passwordsMatch}>
    <UserInputs mode="edit" />
  </RecordEdit>
);
