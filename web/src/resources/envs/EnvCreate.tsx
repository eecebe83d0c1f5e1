import { RecordCreate } from '../../common/record/RecordForm';
import { EnvInputs } from './EnvInputs';

export const EnvCreate = () => (
  <RecordCreate title="Create environment variable">
    <EnvInputs />
  </RecordCreate>
);
