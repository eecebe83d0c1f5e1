import { RecordCreate } from '../../common/record/RecordForm';
import { WebsiteInputs } from './WebsiteInputs';

export const WebsiteCreate = () => (
  <RecordCreate title="Create website">
    <WebsiteInputs />
  </RecordCreate>
);
