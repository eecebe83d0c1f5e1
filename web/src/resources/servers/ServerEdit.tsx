import { RecordEdit } from '../../common/record/RecordForm';
import { ServerInputs } from './ServerInputs';

export const ServerEdit = () => (
  <RecordEdit>
    <ServerInputs />
  </RecordEdit>
);
