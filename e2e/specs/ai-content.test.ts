import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, unique, uniqueDemoSite, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const CONTENT = resources.openAiContent.path;
type Row = Record<string, unknown> & { id: number };

/** A demo website whose hostname no other website has (other specs add sites on 127.0.0.1). */
async function aWebsite(api: Api): Promise<Row> {
  const sites = (
    await api.get<{ data: Row[] }>(`${resources.websites.path}?perPage=100&sortBy=hostname&sortOrder=ASC`)
  ).data;
  return uniqueDemoSite(sites);
}

describe('AI content: an article written by the generator, Regenerate (SPEC §2.5, §4, §5, §8)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;

  beforeAll(async () => {
    api = await adminApi();
  });

  it('lists the demo articles in several languages with status, words and cost', async () => {
    const list = new ListPage(t.page, CONTENT);
    await list.goto();
    expect(await list.headers()).toEqual(
      expect.arrayContaining([
        'Title',
        'Topic',
        'Website',
        'Language',
        'Writing tone',
        'Status',
        'Words',
        'Cost (USD)',
      ]),
    );
    await t.page
      .getByTestId('generator-notice')
      .getByText(/gpt-4o-mini at 127\.0\.0\.1/)
      .waitFor();
    const texts = (await list.rows().allInnerTexts()).join('\n');
    expect(texts).toMatch(/Japanese/);
    expect(texts).toMatch(/German|Dutch|Spanish|Swedish/);
    expect(texts).toMatch(/\$0\.\d+/);
    expect(t.errors).toEqual([]);
  });

  it('creates an article: Save waits for the topic, then the page shows what the generator wrote', async () => {
    const website = await aWebsite(api);
    const topic = unique('Casino bonus terms');
    await t.page.goto(`./#/${CONTENT}/create`);
    const page = new RecordPage(t.page);
    await t.page.getByRole('combobox', { name: /^Website/ }).fill(String(website.hostname));
    await t.page.getByRole('option', { name: String(website.hostname), exact: true }).click();
    // SPEC §5: the topic is required for the OpenAI type; subsections default to 4, paragraphs to 3.
    expect(await page.saveButton().isDisabled()).toBe(true);
    expect(await page.input('Number of subsections').inputValue()).toBe('4');
    expect(await page.input('Paragraphs per subsection').inputValue()).toBe('3');
    await page.input('Topic').fill(topic);
    await t.page.getByRole('combobox', { name: /^Writing tone/ }).click();
    await t.page.getByRole('option', { name: 'Friendly', exact: true }).click();
    await page.input('First backlink URL').fill('https://bonus-guide.example/casino-bonuses/');
    await page.input('First backlink anchor').fill('best casino bonuses');
    await page.input('Number of subsections').fill('3');
    await page.save();
    await t.page.waitForURL(/\/show$/);
    // The page reloads while the run writes it, then shows the article.
    const article = t.page.getByTestId('article-html');
    await article.waitFor({ timeout: 30_000 });
    expect(await article.locator('h2').count()).toBe(3);
    const link = article.getByRole('link', { name: 'best casino bonuses' });
    expect(await link.getAttribute('href')).toBe('https://bonus-guide.example/casino-bonuses/');
    expect(await page.field('Title').innerText()).toContain(topic);
    expect(await page.field('Model').innerText()).toContain('gpt-4o-mini');
    expect(await page.field('Cost (USD)').innerText()).toMatch(/^\$0\.\d{2,4}$/m);
    expect(Number((await page.field('Words').innerText()).replace(/\D/g, ''))).toBeGreaterThan(100);
    expect(await t.page.getByTestId('content-status').innerText()).toBe('Ready');
    expect(t.errors).toEqual([]);
  });

  it("regenerates: 'Response: {message}', then back to the previous screen after 3 seconds", async () => {
    const topic = unique('Live dealer tips');
    const created = (
      await api.post<{ data: Row }>(CONTENT, { form_type: 'openai', language: 'en', topic, tone: 'neutral' })
    ).data;
    await expect
      .poll(async () => (await api.get<{ data: Row }>(`${CONTENT}/${created.id}`)).data.status, {
        timeout: 30_000,
      })
      .toBe('ready');
    const list = new ListPage(t.page, CONTENT);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ topic }))}`);
    await list.rows().first().click();
    await t.page.waitForURL(/\/show$/);
    const before = (await api.get<{ data: Row }>(`${CONTENT}/${created.id}`)).data;
    await t.page.getByRole('button', { name: 'Regenerate' }).click();
    await t.page.getByText(/^Response: Regenerating ".*": cron run #\d+ is writing it$/).waitFor();
    const shownAt = Date.now();
    await t.page.waitForURL((url) => !url.hash.endsWith('/show'));
    expect(Date.now() - shownAt).toBeGreaterThan(2500);
    expect(t.page.url()).toContain(`#/${CONTENT}`);
    await expect
      .poll(async () => (await api.get<{ data: Row }>(`${CONTENT}/${created.id}`)).data.generated_at, {
        timeout: 30_000,
      })
      .not.toBe(before.generated_at);
    expect(t.errors).toEqual([]);
  });

  it("shows 'Error: {message}' when the article cannot be regenerated, and stays", async () => {
    // A Narrativa-type article of the demo schedules: Narrativa has no API to write it with.
    const failed = (
      await api.get<{ data: Row[] }>(
        `${CONTENT}?perPage=1&filter=${encodeURIComponent(JSON.stringify({ form_type: 'narrativa' }))}`,
      )
    ).data[0]!;
    await t.page.goto(`./#/${CONTENT}/${failed.id}/show`);
    await t.page
      .getByTestId('content-error')
      .getByText(/Narrativa publishes no public API/)
      .waitFor();
    await t.page.getByRole('button', { name: 'Regenerate' }).click();
    await t.page.getByText(/^Error: Narrativa publishes no public API/).waitFor();
    // It stays (no return is scheduled after an error: RegenerateButton.test.tsx moves the clock past 3 s).
    expect(t.page.url()).toMatch(new RegExp(`${failed.id}/show$`));
    expect(t.errors.filter((e) => !/409/.test(e))).toEqual([]);
  });
});
