import type { FieldSpec } from '@sitefleet/shared';
import { email, maxLength, maxValue, minLength, minValue, required, type Validator } from 'react-admin';

/** Formats checked in the form as on the server; the others are left to the server's field error. */
const FORMAT: Partial<Record<NonNullable<FieldSpec['format']>, Validator>> = { email: email() };

/**
 * The form rules a field's declaration implies (required, lengths, bounds, format), so an input never
 * restates `max: 65535`; `extra` adds what the declaration cannot say (an IP address check).
 */
export function validatorsOf(field: FieldSpec, ...extra: Validator[]): Validator[] {
  const rules: Validator[] = [];
  if (field.required) rules.push(required());
  if (field.format && FORMAT[field.format]) rules.push(FORMAT[field.format]!);
  if (field.minLength !== undefined) rules.push(minLength(field.minLength));
  if (field.maxLength !== undefined && field.kind !== 'strings') rules.push(maxLength(field.maxLength));
  if (field.min !== undefined) rules.push(minValue(field.min));
  if (field.max !== undefined) rules.push(maxValue(field.max));
  return [...rules, ...extra];
}
