// Test-only: the dashboard over the real data provider and a mocked fetch, with canned answers of its calls.
import { actions, type Comparison } from '@sitefleet/shared';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18n';
import { authAs } from '../test/auth';
import { onAction, type ActionAnswer } from '../test/fetchMock';
import { answers, SITE } from './fixtures';
import { COMPARISON_KEY, SITE_KEY } from './useSeo';

configure({ asyncUtilTimeout: 8000 });

/** Renders `children` signed in as an admin, with the dashboard's stored choices. */
export function renderDashboard(
  children: ReactNode,
  stored: { site?: number | null; comparison?: Comparison } = {},
) {
  const store = memoryStore({
    [SITE_KEY]: stored.site === undefined ? SITE : stored.site,
    [COMPARISON_KEY]: stored.comparison ?? 'yesterday',
  });
  return render(
    <MemoryRouter>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authAs('ADMIN', {})}
        i18nProvider={i18nProvider}
        store={store}
      >
        {children}
      </AdminContext>
    </MemoryRouter>,
  );
}

const { seo } = actions;

type Handlers = {
  statistics: (url: URL) => ActionAnswer<typeof seo.websiteStatistics>;
  search: (url: URL) => ActionAnswer<typeof seo.searchReport>;
  ga: (url: URL) => ActionAnswer<typeof seo.gaReport>;
  conversions: (url: URL) => ActionAnswer<typeof seo.dailyConversions>;
  profile: () => ActionAnswer<typeof seo.backlinkProfile>;
  keywords: (url: URL) => ActionAnswer<typeof seo.websiteKeywords>;
};

const full: Handlers = {
  ...answers,
  search: (url) =>
    url.searchParams.get('dimensions') === 'page' ? answers.searchByPage(url) : answers.searchByDate(url),
};

/** The routes of every dashboard call for SITE (canned answers unless overridden), logging each URL. */
export function dashboardRoutes(overrides: Partial<Handlers> = {}, log: URL[] = []) {
  const h = { ...full, ...overrides };
  const id = { id: String(SITE) };
  const logged =
    <T,>(handler: (url: URL) => T) =>
    (_: RequestInit | undefined, url: URL) => {
      log.push(url);
      return handler(url);
    };
  return {
    ...onAction(seo.websiteStatistics, null, logged(h.statistics)),
    ...onAction(seo.searchReport, id, logged(h.search)),
    ...onAction(seo.gaReport, id, logged(h.ga)),
    ...onAction(seo.dailyConversions, id, logged(h.conversions)),
    ...onAction(
      seo.backlinkProfile,
      id,
      logged(() => h.profile()),
    ),
    ...onAction(seo.websiteKeywords, null, logged(h.keywords)),
    'GET /dms/api/v1/websites': () => ({
      body: {
        data: [{ id: SITE, hostname: 'money.example.com', friendly_name: 'Money Example' }],
        meta: { total: 1 },
      },
    }),
    [`GET /dms/api/v1/websites/${SITE}`]: () => ({
      body: { data: { id: SITE, hostname: 'money.example.com', friendly_name: 'Money Example' } },
    }),
  };
}
