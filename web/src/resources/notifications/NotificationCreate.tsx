import { RecordCreate } from '../../common/record/RecordForm';
import { SEND_NOTIFICATION } from './labels';
import { NotificationInputs } from './NotificationInputs';

export const NotificationCreate = () => (
  <RecordCreate title={SEND_NOTIFICATION}>
    <NotificationInputs mode="create" />
  </RecordCreate>
);
