import { lazy } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { LoginPage } from './login/LoginPage';
import { authProvider } from './providers/authProvider';
import { CHECKER_ACTIONS, dataProvider, prefetchList } from './providers/dataProvider';
import { i18nProvider } from './providers/i18n';
import { createStore } from './providers/store';
import { RESOURCES } from './resources';
import { resourceElement } from './resources/resourceElement';
import { theme } from './theme';
import { ARTISAN_ROUTE_PATTERN } from './tools/artisan/route';
import { FOOTPRINT_ROUTE } from './tools/footprint/route';
import { DEPLOY_WEBSITE_ROUTE } from './tools/wizard/route';

const Dashboard = lazy(() => import('./dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));
const SignaturePage = lazy(() =>
  import('./tools/signature/SignaturePage').then((m) => ({ default: m.SignaturePage })),
);
const ArtisanPage = lazy(() =>
  import('./tools/artisan/ArtisanPage').then((m) => ({ default: m.ArtisanPage })),
);
const DeindexCheckerPage = lazy(() =>
  import('./tools/checkers/DeindexCheckerPage').then((m) => ({ default: m.DeindexCheckerPage })),
);
const FootprintPage = lazy(() =>
  import('./tools/footprint/FootprintPage').then((m) => ({ default: m.FootprintPage })),
);
const DeployWebsitePage = lazy(() =>
  import('./tools/wizard/DeployWebsitePage').then((m) => ({ default: m.DeployWebsitePage })),
);
const KeywordCheckerPage = lazy(() =>
  import('./tools/checkers/KeywordCheckerPage').then((m) => ({ default: m.KeywordCheckerPage })),
);

const store = createStore();

export const App = () => (
  <Admin
    title="Sitefleet"
    disableTelemetry
    requireAuth
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    store={store}
    theme={theme}
    layout={Layout}
    loginPage={LoginPage}
    dashboard={Dashboard}
  >
    {RESOURCES.map(resourceElement)}
    <CustomRoutes>
      <Route path="/signature" element={<SignaturePage />} />
      <Route path={ARTISAN_ROUTE_PATTERN} element={<ArtisanPage />} />
      <Route path={`/${CHECKER_ACTIONS.deindex.path}`} element={<DeindexCheckerPage />} />
      <Route path={`/${CHECKER_ACTIONS.keyword.path}`} element={<KeywordCheckerPage />} />
      <Route path={FOOTPRINT_ROUTE} element={<FootprintPage />} />
      <Route path={DEPLOY_WEBSITE_ROUTE} element={<DeployWebsitePage />} />
    </CustomRoutes>
  </Admin>
);

/**
 * Starts loading the chunk of the list or show screen the address opens, so that it downloads while the
 * console renders its shell instead of after; for a list, its first page is read ahead too.
 */
export function preloadScreen(hash: string, signedIn: boolean): void {
  const [path = '', search = ''] = hash.replace(/^#\/?/, '').split('?');
  const resource = RESOURCES.find((r) => path === r.name || path.startsWith(`${r.name}/`));
  if (!resource) return;
  const rest = path.slice(resource.name.length);
  const screen = rest === '' ? resource.list : /^\/[^/]+\/show$/.test(rest) ? resource.show : undefined;
  if (screen && 'preload' in screen && typeof screen.preload === 'function') void screen.preload();
  if (rest === '' && signedIn) {
    prefetchList(resource.name, search, store.getItem(`${resource.name}.listParams`) !== undefined);
  }
}
