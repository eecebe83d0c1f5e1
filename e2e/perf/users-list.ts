/**
 * Measures how long the users list takes to show 100 rows: from navigation to the 100th rendered row.
 * Starts its own server (fresh database), creates 120 users through the API, then times a cold load
 * (full page load of the list URL) and a warm one (in-app navigation) several times and prints the ms.
 * Run: npm run perf -w e2e
 */
import { launchBrowser, openPage } from '../support/browser';
import { LoginPage } from '../pages/LoginPage';
import { call } from '../support/http';
import { ensureWebBuilt } from '../setup/build';
import { startServer } from '../setup/server';

const USERS = 120;
const RUNS = 5;
const admin = { email: 'perf-admin@sitefleet.test', password: 'perf-admin-password-42' };
const LIST = '#/ums/api/v1/users?perPage=100&page=1&sort=name&order=ASC';

async function seedUsers(baseURL: string): Promise<void> {
  const { access_token: token } = await call<{ access_token: string }>(
    baseURL,
    null,
    'POST',
    'ums/auth/login',
    admin,
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

async function main() {
  ensureWebBuilt();
  const server = await startServer(admin);
  const browser = await launchBrowser();
  try {
    await seedUsers(server.baseURL);
    const { page } = await openPage(browser, server.baseURL);
    await new LoginPage(page).signIn(admin.email, admin.password);
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
      await page.goto(new URL(LIST, server.baseURL).href);
      await hundredRows();
      cold.push(Date.now() - start);

      await page.goto(new URL('#/', server.baseURL).href);
      await page.getByText('Please select a Money Site').waitFor();
      start = Date.now();
      await page.evaluate((hash) => (window.location.hash = hash), LIST);
      await hundredRows();
      warm.push(Date.now() - start);
    }
    console.log(`users list, 100 rows rendered (${USERS} users in the database, ${RUNS} runs)`);
    console.log(`cold load (full page):   median ${median(cold)} ms  [${cold.join(', ')}]`);
    console.log(`in-app navigation:       median ${median(warm)} ms  [${warm.join(', ')}]`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
