import type { CommandArgument } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { argumentsBody, defaultArguments } from './commandArguments';

const args: CommandArgument[] = [
  { name: 'days', label: 'Days', kind: 'integer', default: 90, min: 1 },
  { name: 'dry_run', label: 'Dry run', kind: 'boolean' },
  { name: 'domains', label: 'Domains', kind: 'text', required: true },
  { name: 'mode', label: 'Mode', kind: 'enum', values: ['fast', 'full'] },
];

describe('command arguments', () => {
  it('starts from the defaults, unchecked boxes and empty inputs', () => {
    expect(defaultArguments(args)).toEqual({ days: 90, dry_run: false, domains: null, mode: null });
  });

  it('sends filled values only, with whole numbers as numbers', () => {
    expect(argumentsBody(args, { days: '30', dry_run: true, domains: 'a.com', mode: '' })).toEqual({
      days: 30,
      dry_run: true,
      domains: 'a.com',
    });
    expect(argumentsBody(args, { days: 'many', domains: '  ' })).toEqual({ days: 'many' });
    expect(argumentsBody(args, undefined)).toEqual({});
  });
});
