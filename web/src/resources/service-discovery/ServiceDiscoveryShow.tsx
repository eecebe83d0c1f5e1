import { SERVICE_TYPE_LABELS } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { CheckServiceButton } from './CheckServiceButton';
import { VerifiedChip } from './columns';
import { ServiceEvidence } from './ServiceEvidence';

const Verified = (_: { label: string }) => {
  const record = useRecordContext();
  return record ? (
    <VerifiedChip
      record={{
        verified: record.verified,
        last_checked: record.last_checked,
        check_message: record.check_message,
      }}
    />
  ) : null;
};

/** SPEC §2.5 service discovery: the service (Overview, with Check now) and its last check's evidence. */
export const ServiceDiscoveryShow = () => (
  <DerivedShow
    actions={<CheckServiceButton />}
    fields={['type', 'website_id', 'location', 'hostname', 'last_checked', 'check_message']}
    labels={{ type: SERVICE_TYPE_LABELS }}
    more={[<Verified key="verified" label="Verified" />]}
  >
    <TabbedShowLayout.Tab label="Last check" path="check">
      <ServiceEvidence label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
