import { describe, expect, it } from 'vitest';
import { compareVersions } from './versions.js';

describe('compareVersions', () => {
  it('compares numeric parts as numbers, missing parts as 0', () => {
    expect(compareVersions('6.10', '6.9')).toBeGreaterThan(0);
    expect(compareVersions('6.4', '6.4.0')).toBe(0);
    expect(compareVersions('5.0.1', '5.3')).toBeLessThan(0);
    expect(compareVersions('10.0', '9.9.9')).toBeGreaterThan(0);
  });
  it('puts a pre-release before its release', () => {
    expect(compareVersions('6.5-beta1', '6.5')).toBeLessThan(0);
    expect(compareVersions('6.5', '6.5-RC2')).toBeGreaterThan(0);
    expect(compareVersions('6.5-beta1', '6.5-rc1')).toBeLessThan(0);
  });
});
