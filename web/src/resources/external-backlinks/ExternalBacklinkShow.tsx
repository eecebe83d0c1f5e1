import { LINK_CHECK_LABELS, resources } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { shownFields } from '../../common/screens/derive';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { BacklinkChecks } from './BacklinkChecks';
import { BacklinkWarnings } from './BacklinkWarnings';
import { CheckNowButton } from './CheckNowButton';
import { DisavowedNote } from './DisavowedNote';
import { HOST_COLUMNS, WarningsChip } from './columns';

/** ip_info is shown as its three parts (below), not as JSON. */
const FIELDS = shownFields(resources.externalBacklinks).filter((f) => f !== 'ip_info');

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
    fields={FIELDS}
    labels={{ status: LINK_CHECK_LABELS }}
    more={[
      ...HOST_COLUMNS.map(([source, label]) => <RecordValue key={source} source={source} label={label} />),
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
