import { TabbedShowLayout } from 'react-admin';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { AffiliateChanges } from './AffiliateChanges';
import { CheckAffiliateButton } from './CheckAffiliateButton';

/** SPEC §2.5: an affiliate link, Overview and Changes. */
export const AffiliateLinkShow = () => (
  <DerivedShow actions={<CheckAffiliateButton />}>
    <TabbedShowLayout.Tab label="Changes" path="changes">
      <AffiliateChanges label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
