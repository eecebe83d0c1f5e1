import { RecordEdit } from '../../common/record/RecordForm';
import { ProxyServerInputs } from './ProxyServerInputs';

export const ProxyServerEdit = () => (
  <RecordEdit>
    <ProxyServerInputs />
  </RecordEdit>
);
