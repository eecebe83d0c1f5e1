import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, unique, uniqueDemoSite, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const SCHEDULES = resources.narrativaSchedules.path;
type Row = Record<string, unknown> & { id: number };

describe('content schedules (Narrativa schedules): the form rules of SPEC §4 and the demo schedules', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;

  beforeAll(async () => {
    api = await adminApi();
  });

  const choose = async (label: RegExp, option: string) => {
    await t.page.getByRole('combobox', { name: label }).click();
    await t.page.getByRole('option', { name: option, exact: true }).click();
  };

  it('lists the demo schedules, daily and weekly, and says Narrativa has no API', async () => {
    const list = new ListPage(t.page, SCHEDULES);
    await list.goto();
    expect(await list.headers()).toEqual(
      expect.arrayContaining([
        'Topic',
        'Website',
        'Form type',
        'Language',
        'Frequency',
        'Next article due',
        'Ready',
      ]),
    );
    await t.page.getByTestId('narrativa-no-api').waitFor();
    const texts = (await list.rows().allInnerTexts()).join('\n');
    expect(texts).toMatch(/Every day/);
    expect(texts).toMatch(/Every week on Monday, Thursday/);
    expect(texts).toMatch(/Japanese/);
    expect(t.errors).toEqual([]);
  });

  it('weeks shows the weekday selector, days the repeat-every field; Japanese hides the writing tone', async () => {
    const sites = (
      await api.get<{ data: Row[] }>(`${resources.websites.path}?perPage=100&sortBy=hostname&sortOrder=ASC`)
    ).data;
    const website = uniqueDemoSite(sites);
    const topic = unique('Weekly odds roundup');
    await t.page.goto(`./#/${SCHEDULES}/create`);
    const page = new RecordPage(t.page);
    const monday = t.page.getByRole('checkbox', { name: 'Monday' });
    const repeat = t.page.getByLabel('Repeat every (days)');
    const tone = t.page.getByRole('combobox', { name: /^Writing tone/ });

    await choose(/^Frequency unit/, 'Weeks');
    await monday.waitFor();
    expect(await repeat.count()).toBe(0);
    await choose(/^Frequency unit/, 'Days');
    await repeat.waitFor();
    expect(await monday.count()).toBe(0);
    expect(await repeat.inputValue()).toBe('1');

    await tone.waitFor();
    await choose(/^Language/, 'Japanese');
    await tone.waitFor({ state: 'detached' });
    await choose(/^Language/, 'English');
    await tone.waitFor();

    // A weekly schedule, saved: Save waits for a weekday and the topic.
    await t.page.getByRole('combobox', { name: /^Website/ }).fill(String(website.hostname));
    await t.page.getByRole('option', { name: String(website.hostname), exact: true }).click();
    await choose(/^Frequency unit/, 'Weeks');
    await page.input('Topic').fill(topic);
    expect(await page.saveButton().isDisabled()).toBe(true);
    await t.page.getByRole('checkbox', { name: 'Thursday' }).check();
    await monday.check();
    await page.save();
    await t.page.waitForURL(/\/show$/);
    await t.page.getByTestId('schedule-cadence').getByText('Every week on Monday, Thursday').waitFor();
    expect((await t.page.getByTestId('schedule-upcoming').innerText()).split(', ')).toHaveLength(5);
    const id = Number(/\/(\d+)\/show$/.exec(t.page.url())![1]);
    const stored = (await api.get<{ data: Row }>(`${SCHEDULES}/${id}`)).data;
    expect(stored).toMatchObject({
      topic,
      frequency_unit: 'weeks',
      frequency_every: 1,
      language: 'en',
      active: true,
    });
    expect([...(stored.frequency_on as string[])].sort()).toEqual(['monday', 'thursday']);
    expect(typeof stored.next_run_at).toBe('number');
    expect(t.errors).toEqual([]);
  });

  it("shows a schedule's articles, and the repeat-every bound (1 to 15) as helper text", async () => {
    const [schedule] = (
      await api.get<{ data: Row[] }>(
        `${SCHEDULES}?perPage=1&filter=${encodeURIComponent(JSON.stringify({ language: 'ja' }))}`,
      )
    ).data;
    await t.page.goto(`./#/${SCHEDULES}/${schedule!.id}/show`);
    const page = new RecordPage(t.page);
    await page.tab('Articles').click();
    await t.page
      .getByTestId('reference-total')
      .getByText(/records?$/)
      .waitFor();
    expect(await t.page.locator('.RaDataTable-tbody .RaDataTable-row').count()).toBeGreaterThan(0);

    // Japanese keeps no tone even when one is sent.
    const created = (
      await api.post<{ data: Row }>(SCHEDULES, {
        website_id: schedule!.website_id,
        form_type: 'openai',
        language: 'ja',
        topic: unique('カジノ'),
        tone: 'formal',
        frequency_every: 15,
        frequency_unit: 'days',
      })
    ).data;
    expect(created.tone).toBeNull();
    await t.page.goto(`./#/${SCHEDULES}/${created.id}`);
    await page.input('Repeat every (days)').fill('16');
    await page.input('Topic').click();
    await expect.poll(() => page.helperText('Repeat every (days)')).toMatch(/15 or less|at most 15/i);
    expect(t.errors).toEqual([]);
  });
});
