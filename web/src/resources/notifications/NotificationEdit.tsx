import { RecordEdit } from '../../common/record/RecordForm';
import { NotificationInputs } from './NotificationInputs';

export const NotificationEdit = () => (
  <RecordEdit>
    <NotificationInputs mode="edit" />
  </RecordEdit>
);
