import { RecordEdit } from '../../common/record/RecordForm';
import { WebsiteInputs } from './WebsiteInputs';

export const WebsiteEdit = () => (
  <RecordEdit>
    <WebsiteInputs />
  </RecordEdit>
);
