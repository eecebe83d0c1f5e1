import { describe, expect, it } from 'vitest';
import { defaultKeep } from './merge';

describe('merge', () => {
  it('suggests keeping the record with the most references, else the first', () => {
    const rows = [
      { id: 1, domains_count: 0 },
      { id: 2, domains_count: 19 },
      { id: 3, domains_count: 4 },
    ];
    expect(defaultKeep(rows, 'domains_count')?.id).toBe(2);
    expect(defaultKeep(rows)?.id).toBe(1);
    expect(defaultKeep([], 'domains_count')).toBeUndefined();
  });
});
