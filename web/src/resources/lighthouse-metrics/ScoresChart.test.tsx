// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18n';
import { mockFetch } from '../../test/fetchMock';
import { filterOf, listOf } from '../websites/wordpress/testApp';
import { ScoresChart } from './ScoresChart';
import './index';

const LIGHTHOUSE = resources.lighthouseMetrics.path;
const DAY = 86_400;
const d1 = 20_000 * DAY;
const run = (day: number, device: string, performance: number) => ({
  id: day + performance,
  website_id: 12,
  day,
  device,
  performance,
  accessibility: 90,
  seo: 95,
  best_practices: 80,
});

function setup(rows: Record<string, unknown>[]) {
  const urls: URL[] = [];
  mockFetch({
    [`GET /${LIGHTHOUSE}`]: (_, url) => {
      urls.push(url);
      return listOf(rows);
    },
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <RecordContextProvider value={{ id: 3, website_id: 12 }}>
          <ScoresChart />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a Lighthouse run's scores chart", () => {
  it("reads the site's runs, oldest first, and draws a chart per device", async () => {
    const urls = setup([run(d1, 'desktop', 88), run(d1, 'mobile', 55), run(d1 + DAY, 'mobile', 61)]);
    const charts = await screen.findAllByTestId('lighthouse-chart');
    expect(charts.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Desktop scores from 2024-10-04 to 2024-10-04',
      'Mobile scores from 2024-10-04 to 2024-10-05',
    ]);
    const url = urls[0]!;
    expect(filterOf(url)).toMatchObject({ website_id: 12 });
    expect(url.searchParams.get('sortBy')).toBe('day');
    expect(url.searchParams.get('sortOrder')).toBe('ASC');
  });

  it('says so when a device has no runs', async () => {
    setup([run(d1, 'desktop', 88)]);
    await screen.findByText('No mobile runs');
    expect(screen.getAllByTestId('lighthouse-chart')).toHaveLength(1);
  });
});
