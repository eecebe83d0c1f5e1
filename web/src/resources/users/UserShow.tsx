import { resources } from '@sitefleet/shared';
import { ChipField, ReferenceArrayField, SingleFieldList, TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { RecordShow } from '../../common/record/RecordShow';
import { UnlockButton } from './UnlockButton';

export const UserShow = () => (
  <RecordShow actions={<UnlockButton />}>
    <TabbedShowLayout.Tab label="Overview">
      <RecordValue source="name" label="Name" />
      <RecordValue source="last_name" label="Last name" />
      <RecordValue source="email" label="Email" />
      <RecordValue source="picture" label="Picture" kind="link" />
      <RecordValue source="disabled" label="Disabled" kind="boolean" />
      <RecordValue source="locked_until" label="Sign-in locked until" kind="time" />
      <RecordValue source="google_id" label="Google account" />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Access" path="access">
      <ReferenceArrayField source="roles" reference={resources.roles.path} label="Roles" emptyText="N/A">
        <SingleFieldList linkType="show">
          <ChipField source="name" size="small" />
        </SingleFieldList>
      </ReferenceArrayField>
      <RecordValue source="target_markets" label="Target markets" kind="chips" />
      <RecordValue source="tags.languages" label="Languages" kind="chips" />
      <RecordValue source="adult" label="Adult content" kind="boolean" />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Activity" path="activity">
      <RecordValue source="last_login" label="Last login" kind="time" />
      <RecordValue source="last_activity" label="Last activity" kind="time" />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
