import { RecordCreate } from '../../common/record/RecordForm';
import { RepositoryInputs } from './RepositoryInputs';

export const RepositoryCreate = () => (
  <RecordCreate title="Create repository">
    <RepositoryInputs />
  </RecordCreate>
);
