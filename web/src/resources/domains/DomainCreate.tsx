import { RecordCreate } from '../../common/record/RecordForm';
import { DomainInputs } from './DomainInputs';

export const DomainCreate = () => (
  <RecordCreate title="Create domain">
    <DomainInputs />
  </RecordCreate>
);
