import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { RecordShow } from '../../common/record/RecordShow';

export const AuditLogShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <RecordValue source="at" label="When" kind="time" />
      <ReferenceLink source="actor_id" label="Actor" reference={resources.users.path} optionText="email" />
      <RecordValue source="action" label="Action" />
      <RecordValue source="target" label="Target" />
      <RecordValue source="ip" label="IP" />
      <RecordValue source="detail" label="Detail" kind="code" />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
