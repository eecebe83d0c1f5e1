import { RecordCreate } from '../../common/record/RecordForm';
import { passwordsMatch } from './passwordRules';
import { UserInputs } from './UserInputs';

export const UserCreate = () => (
  <RecordCreate canSave={passwordsMatch} title="Create user">
    <UserInputs mode="create" />
  </RecordCreate>
);
