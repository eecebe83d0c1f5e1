import { fireEvent, render, screen, within } from '@testing-library/react';
import type { JobOutputItem } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { OutputPanel } from './OutputPanel';

const page: JobOutputItem = {
  id: 1,
  key: 'http://127.0.0.1:9/sponsored.html',
  output: {
    message: '2 of 9 keywords found',
    status: 200,
    found: [
      { keyword: 'sponsored', where: ['text', 'attribute'], count: 3, samples: ['A sponsored post'] },
      { keyword: 'buy links', where: ['link'], count: 1, samples: ['Buy links here'] },
    ],
    missing: ['guest post'],
  },
  finished_at: 1_700_000_000,
  attempts: 1,
};

describe('cron run output panels', () => {
  it('lists each item with its key and message, keyword findings as a table', () => {
    render(<OutputPanel title="Success output" items={[page]} total={1} />);
    const panel = screen.getByRole('region', { name: 'Success output' });
    const item = within(panel).getByTestId('output-item');
    expect(within(item).getByTestId('output-key').textContent).toBe(page.key);
    expect(within(item).getByTestId('output-message').textContent).toBe('2 of 9 keywords found');
    const rows = within(item).getAllByTestId('keyword-found');
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['sponsored', 'buy links']);
    expect(within(rows[0]!).getByText('Attribute')).toBeTruthy();
    expect(within(item).getByTestId('keyword-missing').textContent).toBe('guest post');
    expect(screen.queryByTestId('output-truncated')).toBeNull();
    // the rest of the output as JSON, on demand
    fireEvent.click(within(item).getByRole('button', { name: 'Details' }));
    expect(within(item).getByTestId('output-extra').textContent).toBe(
      JSON.stringify({ status: 200 }, null, 2),
    );
  });

  it("says 'Showing 500 of N' when the list was cut, and when nothing failed", () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ ...page, id: i + 1, output: { message: 'x' } }));
    render(<OutputPanel title="Failure output" items={items} total={1200} failed />);
    expect(screen.getByTestId('output-truncated').textContent).toBe('Showing 3 of 1200');
    expect(screen.getByTestId('output-count').textContent).toBe('1200');
  });

  it('says when there is nothing yet, and waits for outputs still loading', () => {
    render(<OutputPanel title="Failure output" items={[]} total={0} failed />);
    expect(screen.getByText('Nothing failed')).toBeTruthy();
    render(<OutputPanel title="Success output" items={undefined} total={undefined} />);
    expect(screen.getByTestId('output-loading')).toBeTruthy();
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });
});
