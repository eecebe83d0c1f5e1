import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { websiteRefColumns } from '../websites/columns';

export const RepositoryShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="name" label="Name" />
        <RecordValue source="repo" label="Repository" />
        <RecordValue source="url" label="URL" kind="link" />
        <RecordValue source="branch" label="Branch" />
        <RecordValue source="auto_deploy" label="Auto deploy" kind="boolean" />
        <RecordValue source="has_update" label="Has update" kind="boolean" />
        <RecordValue source="websites_count" label="Websites" />
      </Section>
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Websites" path="websites">
      <ReferenceList reference={resources.websites.path} target="repository_id" columns={websiteRefColumns} />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
