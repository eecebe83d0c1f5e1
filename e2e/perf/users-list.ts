/**
 * Measures how long the users list takes to show 100 rows: from navigation to the 100th rendered row.
 * Starts its own server (fresh database), creates 120 users through the API, then times a cold load
 * (full page load of the list URL) and a warm one (in-app navigation) several times and prints the ms.
 * Run: npm run perf -w e2e
 */
import { openPage } from '../support/browser';
import { LoginPage } from '../pages/LoginPage';
import { call } from '../support/http';
import { PERF_ADMIN, runPerf } from './run';

const USERS = 120;
const RUNS = 5;
const LIST = '#/ums/api/v1/users?perPage=100&page=1&sort=name&order=ASC';

async function seedUsers(baseURL: string): Promise<void> {
  const { access_token: token } = await call<{ access_token: string }>(
    baseURL,
    null,
    'POST',
    'ums/auth/login',
    PERF_ADMIN,
  );
  const roles = await call<{ data: Array<{ id: number }> }>(
    baseURL,
    token,
    'GET',
    'ums/api/v1/roles?perPage=100',
  );
  const roleIds = roles.data.map((r) => r.id);
  for (let i = 0; i < USERS; i++) {
    await call(baseURL, token, 'POST', 'ums/api/v1/users', {
      name: `Perf${String(i).padStart(3, '0')}`,
      last_name: 'User',
      email: `perf-${i}-${Date.now().toString(36)}@sitefleet.test`,
      roles: [roleIds[i % roleIds.length]],
      target_markets: ['All', 'UK'],
      new_password: 'perf-password-123',
      verify_password: 'perf-password-123',
    });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

runPerf(async ({ baseURL, browser }) => {
  await seedUsers(baseURL);
  const { page } = await openPage(browser, baseURL);
  await new LoginPage(page).signIn(PERF_ADMIN.email, PERF_ADMIN.password);
  const hundredRows = () =>
    page.waitForFunction(
      () => document.querySelectorAll('.RaDataTable-tbody .RaDataTable-row').length >= 100,
      null,
      {
        timeout: 30_000,
      },
    );

  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('about:blank');
    let start = Date.now();
    await page.goto(new URL(LIST, baseURL).href);
    await hundredRows();
    cold.push(Date.now() - start);

    await page.goto(new URL('#/', baseURL).href);
    await page.getByText('Please select a Money Site').waitFor();
    start = Date.now();
    await page.evaluate((hash) => (window.location.hash = hash), LIST);
    await hundredRows();
    warm.push(Date.now() - start);
  }
  console.log(`users list, 100 rows rendered (${USERS} users in the database, ${RUNS} runs)`);
  console.log(`cold load (full page):   median ${median(cold)} ms  [${cold.join(', ')}]`);
  console.log(`in-app navigation:       median ${median(warm)} ms  [${warm.join(', ')}]`);
});
