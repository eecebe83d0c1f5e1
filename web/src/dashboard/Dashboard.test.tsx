import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { GSC_PANEL_TITLE } from './GscPanel';
import { Dashboard, SELECT_MONEY_SITE } from './Dashboard';
import { SOMETHING_WENT_WRONG } from './Panel';
import { PeriodToolbar, TOOLBAR_HIDE_MS } from './PeriodToolbar';
import { SITE } from './fixtures';
import { dashboardRoutes, renderDashboard } from './testDashboard';

beforeEach(() => {
  // without a ResizeObserver the charts draw at their initial size (the test DOM measures nothing)
  vi.stubGlobal('ResizeObserver', undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const seoCalls = (log: URL[], path: string) => log.filter((u) => u.pathname.endsWith(path));

// a whole dashboard (eight panels and their charts) takes seconds to render on a loaded machine
const SLOW = { timeout: 20_000 };

describe('the dashboard (SPEC §2.3)', SLOW, () => {
  it("asks for a money site and calls nothing of the site's until one is chosen", async () => {
    const log: URL[] = [];
    mockFetch(dashboardRoutes({}, log));
    renderDashboard(<Dashboard />, { site: null });
    expect((await screen.findByTestId('dashboard-prompt')).textContent).toBe(SELECT_MONEY_SITE);
    expect(screen.queryByRole('group', { name: 'Comparison' })).toBeNull();
    expect(log).toEqual([]);
  });

  it('shows every panel of the chosen site, each with a heading and its data source', async () => {
    mockFetch(dashboardRoutes());
    renderDashboard(<Dashboard />);
    const titles = [
      'Backlinks Trends',
      'Referring domains by TLD',
      GSC_PANEL_TITLE,
      'Top Pages',
      'Recent Links',
      'GA Traffic',
      'Conversions Metric',
      'Top rankings',
    ];
    for (const title of titles) {
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    }
    const backlinks = screen.getByRole('region', { name: 'Backlinks Trends' });
    expect(await within(backlinks).findByLabelText('Source: Ahrefs')).toBeTruthy();
    expect(
      within(backlinks)
        .getAllByTestId('stat-value')
        .map((v) => v.textContent),
    ).toEqual(['1,250', '310']);
    expect(
      within(backlinks)
        .getAllByTestId('stat-change')
        .map((v) => v.textContent),
    ).toEqual(['+25%', '+3.3%']);
    const gsc = screen.getByRole('region', { name: GSC_PANEL_TITLE });
    expect(await within(gsc).findByLabelText('Source: Google Search Console')).toBeTruthy();
    expect(
      within(gsc)
        .getAllByTestId('stat-value')
        .map((v) => v.textContent),
    ).toEqual(['420', '9,100']);
    expect(await screen.findByText('Money Example')).toBeTruthy();
  });

  it('keeps a failing panel to itself while the others render', async () => {
    mockFetch(
      dashboardRoutes({
        statistics: () => ({ status: 500, body: { error: { message: 'Ahrefs is down' } } }),
        ga: () => ({ status: 503, body: { error: { message: 'GA quota exceeded' } } }),
      }),
    );
    renderDashboard(<Dashboard />);
    const backlinks = screen.getByRole('region', { name: 'Backlinks Trends' });
    expect((await within(backlinks).findByTestId('panel-error')).textContent).toContain(SOMETHING_WENT_WRONG);
    const ga = screen.getByRole('region', { name: 'GA Traffic' });
    expect((await within(ga).findByTestId('panel-error')).textContent).toContain('GA quota exceeded');
    const gsc = screen.getByRole('region', { name: GSC_PANEL_TITLE });
    expect(await within(gsc).findAllByTestId('stat')).toHaveLength(2);
    expect(within(gsc).queryByTestId('panel-error')).toBeNull();
    expect(await screen.findAllByTestId('recent-link')).toHaveLength(2);
    expect(screen.getAllByTestId('panel-error')).toHaveLength(2);
  });

  it('reads every panel again for the comparison chosen', async () => {
    const log: URL[] = [];
    mockFetch(dashboardRoutes({}, log));
    const { unmount } = renderDashboard(<Dashboard />);
    const toggle = await screen.findByRole('group', { name: 'Comparison' });
    expect(within(toggle).getByRole('button', { name: 'Yesterday' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await screen.findAllByTestId('recent-link');
    await screen.findAllByTestId('ranking');
    expect(seoCalls(log, 'websites/statistics').map((u) => u.searchParams.get('comparison'))).toEqual([
      'yesterday',
    ]);

    fireEvent.click(within(toggle).getByRole('button', { name: '7-Days' }));
    expect(within(toggle).getByRole('button', { name: '7-Days' }).getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() => {
      const comparisons = (path: string) => seoCalls(log, path).map((u) => u.searchParams.get('comparison'));
      expect(comparisons('websites/statistics')).toEqual(['yesterday', 'seven-days']);
      expect(comparisons(`google-analytics/report/${SITE}`)).toEqual(['yesterday', 'seven-days']);
      expect(comparisons('daily-conversion-metrics')).toEqual(['yesterday', 'seven-days']);
      expect(comparisons('websites/keywords')).toEqual(['yesterday', 'seven-days']);
      expect(comparisons(`search-report/${SITE}`).sort()).toEqual([
        'seven-days',
        'seven-days',
        'yesterday',
        'yesterday',
      ]);
    });
    // the profile of the newest links does not depend on the comparison
    expect(seoCalls(log, 'backlinks/profile')).toHaveLength(1);
    unmount();
  });
});

describe('the info toolbar (SPEC §9)', () => {
  it('says which days are compared and hides after 3 seconds, then shows again for a new comparison', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const { rerender } = render(<PeriodToolbar siteId={SITE} comparison="yesterday" />);
    expect(screen.getByRole('status').textContent).toBe('Comparing 2026-11-24 with 2026-11-23');
    act(() => vi.advanceTimersByTime(TOOLBAR_HIDE_MS - 1));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<PeriodToolbar siteId={SITE} comparison="thirty-days" />);
    expect(screen.getByRole('status').textContent).toBe('Comparing 2026-11-24 with 2026-10-24');
    act(() => vi.advanceTimersByTime(TOOLBAR_HIDE_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
