import type { ResourceSpec } from '@sitefleet/shared';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { TabbedShowLayout, useResourceContext } from 'react-admin';
import { ResourceList } from '../list/ResourceList';
import { RecordShow } from '../record/RecordShow';
import { Section } from '../record/Section';
import { specOf } from '../../providers/writable';
import { derivedColumns } from './columns';
import { shownFields } from './derive';
import { screenFilters } from './filters';
import { derivedInputs } from './inputs';
import { valueOf } from './values';

/** The declaration of the resource whose screen this is. */
export function useSpec(): ResourceSpec {
  const resource = useResourceContext() ?? '';
  const spec = specOf(resource);
  if (!spec) throw new Error(`No shared declaration for ${resource}`);
  return spec;
}

/** A list of every default column and every declared filter. */
export const DerivedList = () => {
  const spec = useSpec();
  const columns = useMemo(() => derivedColumns(spec), [spec]);
  const filters = useMemo(() => screenFilters(spec), [spec]);
  return <ResourceList columns={columns} filters={filters} />;
};

interface ShowProps {
  /** Tabs after the Overview (<TabbedShowLayout.Tab>), each mounted when selected. */
  children?: ReactNode;
  /** The Overview's fields, when not every returned field. */
  fields?: readonly string[];
  /** Values after the declared ones (counts the server computes), each with its `label`. */
  more?: readonly ReactElement[];
  /** Labels of enum values, by field. */
  labels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  actions?: ReactNode;
  duplicate?: boolean;
}

/** A record page whose Overview tab shows the declared fields; a resource adds its own tabs as children. */
export const DerivedShow = ({ children, fields, more = [], labels, actions, duplicate }: ShowProps) => {
  const spec = useSpec();
  return (
    <RecordShow actions={actions} duplicate={duplicate}>
      <TabbedShowLayout.Tab label="Overview">
        <Section label={false}>
          {(fields ?? shownFields(spec)).map((key) => valueOf(spec, key, labels?.[key]))}
          {more}
        </Section>
      </TabbedShowLayout.Tab>
      {children}
    </RecordShow>
  );
};

/** The inputs of every writable field (the Create/Edit pair of a resource without an Inputs file). */
export const DerivedInputs = () => {
  const spec = useSpec();
  return <>{derivedInputs(spec)}</>;
};
