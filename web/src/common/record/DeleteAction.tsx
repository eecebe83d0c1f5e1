import { DeleteButton } from 'react-admin';
import { DELETE_CONFIRM } from './messages';

/** Delete with the SPEC §5 confirmation; pessimistic, so nothing disappears before the server agrees. */
export const DeleteAction = () => (
  <DeleteButton
    mutationMode="pessimistic"
    confirmTitle="Delete this record?"
    confirmContent={DELETE_CONFIRM}
  />
);
