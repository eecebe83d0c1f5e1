// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { actions, resources } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18n';
import { mockFetch, onAction } from '../../test/fetchMock';
import { listOf } from '../websites/wordpress/testApp';
import { AccurankerDomainShow } from './AccurankerDomainShow';
import { historySummary } from './RankHistory';
import './index';

const DOMAINS = resources.accurankerDomains.path;
const KEYWORDS = resources.accurankerKeywords.path;

const domain = {
  id: 7,
  domain: 'alpha.test',
  display_name: 'Alpha',
  accuranker_id: 501,
  google_business_name: null,
  website_id: 12,
  website_hostname: 'alpha.test',
  keyword_count: 2,
  last_scraped: 1_764_000_000,
  created_at: 1_764_000_000,
  updated_at: 1_764_000_000,
  version: 1,
};
const keyword = (id: number, name: string, type: number, volume: number, rank: number | null) => ({
  id,
  domain_id: 7,
  accuranker_id: id,
  keyword: name,
  search_engine: 'Google',
  search_type: type,
  device: type === 1 ? 'Desktop' : 'Mobile',
  search_volume: volume,
  location: null,
  latest_rank: rank,
  latest_rank_day: 1_764_028_800,
});
const history = [
  { date: '2026-11-23', average_rank: 9, top10: 1, checked: 2 },
  { date: '2026-11-24', average_rank: 5.5, top10: 2, checked: 3 },
];

function setup(tab: string) {
  const keywordFilters: string[] = [];
  mockFetch({
    [`GET /${DOMAINS}/7`]: () => ({ body: { data: domain } }),
    [`POST /${resources.websites.path}/get-many`]: () => ({
      body: { data: [{ id: 12, hostname: 'alpha.test' }] },
    }),
    [`GET /${KEYWORDS}`]: (_, url) => {
      keywordFilters.push(url.searchParams.get('filter') ?? '');
      return listOf([keyword(1, 'best casino', 1, 5400, 2), keyword(2, 'casino bonus', 2, 2900, null)]);
    },
    ...onAction(actions.seoScreens.accurankerHistory, { id: '7' }, () => ({ body: { data: history } })),
  });
  render(
    <MemoryRouter initialEntries={[`/${DOMAINS}/7/show/${tab}`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value={DOMAINS}>
          <Routes>
            <Route path={`/${DOMAINS}/:id/show/*`} element={<AccurankerDomainShow />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return keywordFilters;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an AccuRanker domain's page (SPEC §2.5)", () => {
  it("lists the domain's keywords with device, engine, volume and latest rank", async () => {
    const filters = setup('keywords');
    const row = (await screen.findByText('best casino')).closest('tr')!;
    expect(within(row).getByText('Desktop')).toBeTruthy();
    expect(within(row).getByText('Google')).toBeTruthy();
    expect(within(row).getByText('5400')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    const mobile = screen.getByText('casino bonus').closest('tr')!;
    expect(within(mobile).getByText('Mobile')).toBeTruthy();
    expect(JSON.parse(filters[0]!)).toEqual({ domain_id: 7 });
  });

  it('charts the average rank and the top 10 per day', async () => {
    setup('history');
    const chart = await screen.findByTestId('rank-history');
    expect(chart.getAttribute('aria-label')).toBe(
      '2 days from 2026-11-23 to 2026-11-24; on 2026-11-24 average rank 5.5, 2 in the top 10',
    );
  });

  it('says when the domain has no rank checks', () => {
    expect(historySummary([])).toBe('No rank checks');
    expect(historySummary([{ date: '2026-11-24', average_rank: null, top10: 0, checked: 4 }])).toBe(
      '1 day from 2026-11-24 to 2026-11-24; on 2026-11-24 no ranked keyword, 0 in the top 10',
    );
  });
});
