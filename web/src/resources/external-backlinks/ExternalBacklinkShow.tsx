import { LINK_CHECK_LABELS } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { BacklinkChecks } from './BacklinkChecks';
import { BacklinkWarnings } from './BacklinkWarnings';
import { CheckNowButton } from './CheckNowButton';
import { DisavowedNote } from './DisavowedNote';
import { WarningsChip } from './columns';

const Warnings = (_: { label: string }) => {
  const record = useRecordContext();
  return record ? (
    <WarningsChip
      record={{ open_warnings: record.open_warnings, important_warning: record.important_warning }}
    />
  ) : null;
};

/** SPEC §2.5: an external backlink with its checks (evidence) and warnings. */
export const ExternalBacklinkShow = () => (
  <DerivedShow
    actions={<CheckNowButton />}
    labels={{ status: LINK_CHECK_LABELS }}
    more={[
      <Warnings key="warnings" label="Open warnings" />,
      <DisavowedNote key="disavowed" label="Disavowed" />,
    ]}
  >
    <TabbedShowLayout.Tab label="Checks" path="checks">
      <BacklinkChecks label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Warnings" path="warnings">
      <BacklinkWarnings label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
