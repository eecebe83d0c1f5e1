import { RecordEdit } from '../../common/record/RecordForm';
import { DomainInputs } from './DomainInputs';

export const DomainEdit = () => (
  <RecordEdit>
    <DomainInputs />
  </RecordEdit>
);
