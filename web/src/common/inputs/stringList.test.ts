import { describe, expect, it } from 'vitest';
import { splitList } from './stringList';

describe('string list input', () => {
  it('splits on commas, semicolons and new lines, dropping blanks', () => {
    expect(splitList('ns1.example.com, ns2.example.com;\n ns3.example.com,,')).toEqual([
      'ns1.example.com',
      'ns2.example.com',
      'ns3.example.com',
    ]);
    expect(splitList('  ')).toEqual([]);
  });
});
