import type { RecordFor, resources } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { SecretField } from '../../common/fields/SecretField';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { ENVIRONMENT_LABELS } from './labels';

/** A secret variable's value is sealed server-side: masked, with Reveal. */
const Value = (_: { label: string; wide?: boolean }) => {
  const record = useRecordContext<RecordFor<typeof resources.envs>>();
  return record?.secret ? <SecretField source="secret_value" /> : <RecordValue source="value" kind="code" />;
};

export const EnvShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="environment" label="Environment" kind="choice" labels={ENVIRONMENT_LABELS} />
        <RecordValue source="variable" label="Variable" />
        <RecordValue source="secret" label="Secret" kind="boolean" />
        <Value label="Value" wide />
      </Section>
    </TabbedShowLayout.Tab>
  </RecordShow>
);
