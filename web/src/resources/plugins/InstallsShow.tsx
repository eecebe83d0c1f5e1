import type { ReactNode } from 'react';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList, type ReferenceListProps } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';

const counts = [
  <RecordValue key="total" source="total_installs" label="Installs" />,
  <RecordValue key="active" source="active_installs" label="Active installs" />,
  <RecordValue key="inactive" source="inactive_installs" label="Inactive installs" />,
  <RecordValue key="updates" source="updates_available" label="Updates available" />,
];

/**
 * A fleet catalogue record (a plugin, a theme): Overview with its install counts, then an Installs tab
 * listing the sites that have it, then any tabs of its own.
 */
export function InstallsShow({
  installs,
  children,
}: {
  installs: Pick<ReferenceListProps, 'reference' | 'target' | 'columns' | 'rowClick'>;
  children?: ReactNode;
}) {
  return (
    <DerivedShow more={counts}>
      <TabbedShowLayout.Tab label="Installs" path="installs">
        <ReferenceList {...installs} />
      </TabbedShowLayout.Tab>
      {children}
    </DerivedShow>
  );
}
