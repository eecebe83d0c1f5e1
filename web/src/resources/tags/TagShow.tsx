import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { RecordShow } from '../../common/record/RecordShow';

export const TagShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <RecordValue source="name" label="Name" />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
