import { RecordEdit } from '../../common/record/RecordForm';
import { EnvInputs } from './EnvInputs';

export const EnvEdit = () => (
  <RecordEdit>
    <EnvInputs />
  </RecordEdit>
);
