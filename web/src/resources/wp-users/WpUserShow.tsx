import { TabbedShowLayout } from 'react-admin';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { WpUserWebsites } from './WpUserWebsites';

/** SPEC §2.5: tabs Overview and Websites. */
export const WpUserShow = () => (
  <DerivedShow>
    <TabbedShowLayout.Tab label="Websites" path="websites">
      <WpUserWebsites label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
