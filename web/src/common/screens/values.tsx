import type { ResourceSpec } from '@sitefleet/shared';
import type { ReactElement } from 'react';
import { ReferenceArrayField, SingleFieldList, ChipField } from 'react-admin';
import { RecordValue } from '../fields/RecordValue';
import { ReferenceLink } from '../fields/ReferenceLink';
import { SecretField } from '../fields/SecretField';
import { labelOf, referenceOf } from './derive';

/** A show page's value of a declared field, drawn by its kind under its label (Section reads `label`). */
export function valueOf(
  spec: ResourceSpec,
  key: string,
  labels?: Readonly<Record<string, string>>,
): ReactElement {
  const label = labelOf(spec, key);
  const field = spec.fields[key];
  if (!field) return <RecordValue key={key} source={key} label={label} />;
  if (field.kind === 'secret' || field.secret) return <SecretField key={key} source={key} label={label} />;
  switch (field.kind) {
    case 'reference': {
      const ref = referenceOf(field.reference ?? '');
      return (
        <ReferenceLink
          key={key}
          source={key}
          label={label}
          reference={ref.path}
          optionText={ref.optionText}
        />
      );
    }
    case 'references': {
      const ref = referenceOf(field.reference ?? '');
      return (
        <ReferenceArrayField key={key} source={key} label={label} reference={ref.path}>
          <SingleFieldList linkType="show">
            <ChipField source={ref.optionText} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    }
    case 'timestamp':
      return <RecordValue key={key} source={key} label={label} kind="time" />;
    case 'boolean':
      return <RecordValue key={key} source={key} label={label} kind="boolean" />;
    case 'enum':
      return <RecordValue key={key} source={key} label={label} kind="choice" labels={labels} />;
    case 'strings':
      return <RecordValue key={key} source={key} label={label} kind="chips" />;
    case 'text':
      return <RecordValue key={key} source={key} label={label} kind="multiline" wide />;
    case 'json':
      return <RecordValue key={key} source={key} label={label} kind="code" wide />;
    default:
      return field.format === 'url' ? (
        <RecordValue key={key} source={key} label={label} kind="link" />
      ) : (
        <RecordValue key={key} source={key} label={label} />
      );
  }
}

/** The values of several declared fields, for a Section of a show page. */
export function valuesOf(spec: ResourceSpec, keys: readonly string[]): ReactElement[] {
  return keys.map((key) => valueOf(spec, key));
}
