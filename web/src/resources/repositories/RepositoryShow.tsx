import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { websiteRefColumns } from '../websites/columns';

export const RepositoryShow = () => (
  <DerivedShow more={[<RecordValue key="count" source="websites_count" label="Websites" />]}>
    <TabbedShowLayout.Tab label="Websites" path="websites">
      <ReferenceList reference={resources.websites.path} target="repository_id" columns={websiteRefColumns} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
