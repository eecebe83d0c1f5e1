import { describe, expect, it } from 'vitest';
import { currentTab, type ListTab } from './ListTabs';

const tabs: ListTab[] = [
  { id: 'ip-addresses', label: 'IP Addresses', content: null },
  { id: 'diversity', label: 'Diversity', content: null },
];

describe('list tabs', () => {
  it('opens the tab the URL names, else the first one', () => {
    expect(currentTab(tabs, '?tab=diversity')?.label).toBe('Diversity');
    expect(currentTab(tabs, '')?.label).toBe('IP Addresses');
    expect(currentTab(tabs, '?filter=%7B%7D&tab=nope')?.label).toBe('IP Addresses');
  });
});
