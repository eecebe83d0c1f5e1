import { RecordEdit } from '../../common/record/RecordForm';
import { RepositoryInputs } from './RepositoryInputs';

export const RepositoryEdit = () => (
  <RecordEdit>
    <RepositoryInputs />
  </RecordEdit>
);
