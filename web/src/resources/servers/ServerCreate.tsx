import { RecordCreate } from '../../common/record/RecordForm';
import { ServerInputs } from './ServerInputs';

export const ServerCreate = () => (
  <RecordCreate title="Create server">
    <ServerInputs />
  </RecordCreate>
);
