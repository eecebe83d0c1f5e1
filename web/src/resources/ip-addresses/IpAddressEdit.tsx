import { RecordEdit } from '../../common/record/RecordForm';
import { IpAddressInputs } from './IpAddressInputs';

export const IpAddressEdit = () => (
  <RecordEdit>
    <IpAddressInputs />
  </RecordEdit>
);
