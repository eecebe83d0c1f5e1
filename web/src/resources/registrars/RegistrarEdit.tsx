import { RecordEdit } from '../../common/record/RecordForm';
import { RegistrarInputs } from './RegistrarInputs';

export const RegistrarEdit = () => (
  <RecordEdit>
    <RegistrarInputs />
  </RecordEdit>
);
