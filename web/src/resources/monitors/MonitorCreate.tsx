import { RecordCreate } from '../../common/record/RecordForm';
import { MonitorInputs } from './MonitorInputs';

export const MonitorCreate = () => (
  <RecordCreate title="Create monitor">
    <MonitorInputs mode="create" />
  </RecordCreate>
);
