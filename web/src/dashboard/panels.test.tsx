import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { MISSING_PREVIOUS_WARNING, NO_DATA_WARNING } from './BacklinksPanel';
import { NO_EARNING } from './ConversionsPanel';
import { NO_GA_DATA } from './GaPanel';
import { GSC_PANEL_TITLE, NO_GSC_DATA } from './GscPanel';
import { SOMETHING_WENT_WRONG } from './Panel';
import { NO_KEYWORDS } from './RankingsPanel';
import { FULL_REPORT, NO_RECENT_LINKS } from './RecentLinksPanel';
import { SiteDashboard } from './SiteDashboard';
import { answers, empty, SITE } from './fixtures';
import { dashboardRoutes, renderDashboard } from './testDashboard';
import { NO_TOP_PAGES } from './TopPagesPanel';

beforeEach(() => {
  // without a ResizeObserver the charts draw at their initial size (the test DOM measures nothing)
  vi.stubGlobal('ResizeObserver', undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const panel = (name: string) => screen.getByRole('region', { name });

// a whole dashboard (eight panels and their charts) takes seconds to render on a loaded machine
const SLOW = { timeout: 20_000 };

describe('dashboard panels (SPEC §2.3, §8)', SLOW, () => {
  it("shows each panel's empty state for a site no source has figures for", async () => {
    mockFetch(
      dashboardRoutes({
        // no figures at all: nothing to warn of beyond the empty state
        statistics: empty.statistics,
        search: empty.search,
        ga: empty.ga,
        conversions: empty.conversions,
        profile: empty.profile,
        keywords: empty.keywords,
      }),
    );
    renderDashboard(<SiteDashboard siteId={SITE} comparison="yesterday" />);
    const expected: Array<[string, string]> = [
      ['Backlinks Trends', SOMETHING_WENT_WRONG],
      [GSC_PANEL_TITLE, NO_GSC_DATA],
      ['Top Pages', NO_TOP_PAGES],
      ['Recent Links', NO_RECENT_LINKS],
      ['GA Traffic', NO_GA_DATA],
      ['Conversions Metric', NO_EARNING],
      ['Top rankings', NO_KEYWORDS],
    ];
    for (const [name, text] of expected) {
      expect((await within(panel(name)).findByTestId('panel-empty')).textContent).toBe(text);
    }
    expect(screen.queryAllByTestId('chart')).toHaveLength(0);
    expect(screen.queryByTestId('backlinks-warning')).toBeNull();
  });

  it.each([
    [{ no_data: true, missing_previous: false }, [NO_DATA_WARNING]],
    [{ no_data: false, missing_previous: true }, [MISSING_PREVIOUS_WARNING]],
    [{ no_data: true, missing_previous: true }, [NO_DATA_WARNING, MISSING_PREVIOUS_WARNING]],
  ])('warns of the backlink figures %o', async (flags, warnings) => {
    mockFetch(
      dashboardRoutes({
        statistics: (url) => {
          const { data } = answers.statistics(url).body;
          const current = data.current && { ...data.current, no_data: flags.no_data };
          const previous = flags.missing_previous ? null : data.previous;
          return {
            body: { data: { ...data, current, previous, missing_previous: flags.missing_previous } },
          };
        },
      }),
    );
    renderDashboard(<SiteDashboard siteId={SITE} comparison="yesterday" />);
    const backlinks = panel('Backlinks Trends');
    await within(backlinks).findAllByTestId('stat');
    expect(
      within(backlinks)
        .getAllByTestId('backlinks-warning')
        .map((w) => w.textContent),
    ).toEqual(warnings);
    // the figures are still shown; a missing start day leaves nothing to compare
    expect(within(backlinks).getAllByTestId('stat-value')[0]!.textContent).toBe('1,250');
    expect(within(backlinks).getAllByTestId('stat-change')[0]!.textContent).toBe(
      flags.missing_previous ? 'n/a' : '+25%',
    );
  });

  it('switches the recent links between the table and the Sankey chart, and links to the full report', async () => {
    mockFetch(dashboardRoutes());
    renderDashboard(<SiteDashboard siteId={SITE} comparison="yesterday" />);
    const links = panel('Recent Links');
    expect(await within(links).findAllByTestId('recent-link')).toHaveLength(2);
    expect(within(links).getByRole('link', { name: FULL_REPORT }).getAttribute('href')).toBe(
      `/dms/api/v1/websites/${SITE}/show/seo`,
    );

    fireEvent.click(within(links).getByRole('button', { name: 'Sankey view' }));
    expect(within(links).queryAllByTestId('recent-link')).toHaveLength(0);
    const sankey = within(links).getByRole('img', {
      name: 'Recent links: referring hosts to the pages they link to',
    });
    // the referring hosts and the pages they link to are the chart's nodes
    for (const node of ['blog.example.org', 'news.example.net', '/best-casinos', '/']) {
      expect(within(sankey).getByText(node, { exact: true })).toBeTruthy();
    }

    fireEvent.click(within(links).getByRole('button', { name: 'Table view' }));
    expect(within(links).getAllByTestId('recent-link')).toHaveLength(2);
    expect(within(links).queryByRole('img')).toBeNull();
  });

  it('reads the top rankings of the device chosen', async () => {
    const log: URL[] = [];
    mockFetch(dashboardRoutes({}, log));
    renderDashboard(<SiteDashboard siteId={SITE} comparison="month-to-date" />);
    const rankings = panel('Top rankings');
    const tabs = within(rankings).getByRole('tablist', { name: 'Device' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Mobile', 'Desktop']);
    expect((await within(rankings).findByTestId('ranking')).textContent).toContain('mobile casino bonus');
    expect(within(rankings).getByLabelText('Up 2')).toBeTruthy();

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Desktop' }));
    await within(rankings).findByText('desktop casino bonus');
    const sent = log
      .filter((u) => u.pathname.endsWith('websites/keywords'))
      .map((u) => Object.fromEntries(u.searchParams));
    expect(sent).toEqual([
      {
        website_id: String(SITE),
        comparison: 'month-to-date',
        device: 'mobile',
        min_volume: '1000',
        limit: '10',
      },
      {
        website_id: String(SITE),
        comparison: 'month-to-date',
        device: 'desktop',
        min_volume: '1000',
        limit: '10',
      },
    ]);
  });

  it('charts the GA metric chosen and shows the six totals', async () => {
    mockFetch(dashboardRoutes());
    renderDashboard(<SiteDashboard siteId={SITE} comparison="yesterday" />);
    const ga = panel('GA Traffic');
    const labels = (await within(ga).findAllByTestId('stat')).map((s) => s.getAttribute('data-label'));
    expect(labels).toEqual([
      'Active users',
      'New users',
      'Sessions',
      'Bounce rate',
      'Avg. session duration',
      'Event count',
    ]);
    expect(within(ga).getByRole('img').getAttribute('aria-label')).toMatch(/^Active users per day/);
    fireEvent.mouseDown(within(ga).getByRole('combobox', { name: /^GA metric/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sessions' }));
    expect(within(ga).getByRole('img').getAttribute('aria-label')).toMatch(/^Sessions per day/);
  });

  it('shows the top pages and the TLD split', async () => {
    mockFetch(dashboardRoutes());
    renderDashboard(<SiteDashboard siteId={SITE} comparison="yesterday" />);
    const rows = await within(panel('Top Pages')).findAllByTestId('top-page');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['/best-casinos', '300', '5,000', '6%'],
      ['/', '120', '4,100', '2.9%'],
    ]);
    const tlds = await within(panel('Referring domains by TLD')).findByRole('img');
    expect(tlds.getAttribute('aria-label')).toBe('Referring domains by TLD: com 200, net 60, others 50');
  });
});
