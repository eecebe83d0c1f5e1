import { RecordCreate } from '../../common/record/RecordForm';
import { ProxyServerInputs } from './ProxyServerInputs';

export const ProxyServerCreate = () => (
  <RecordCreate title="Create proxy server">
    <ProxyServerInputs />
  </RecordCreate>
);
