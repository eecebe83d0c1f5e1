import { describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, unique } from '../support/api';
import { browserSuite } from '../support/fixture';

const TAGS = 'dms/api/v1/tags';
const DELETE_TEXT = "Are you sure you want to delete this entity? You won't be able to undo your changes!";

describe('tags: create, edit, delete', () => {
  const t = browserSuite({ signedIn: true });

  it('creates a tag (Save disabled while the name is empty), edits it and deletes it', async () => {
    const name = unique('e2e-tag');
    const list = new ListPage(t.page, TAGS);
    await list.goto();
    await t.page.getByRole('link', { name: 'Create' }).click();
    const record = new RecordPage(t.page);
    await record.input('Name').waitFor();
    expect(await record.saveButton().isDisabled()).toBe(true);
    await record.input('Name').fill('   ');
    expect(await record.saveButton().isDisabled()).toBe(true);
    await record.input('Name').fill(name);
    expect(await record.saveButton().isEnabled()).toBe(true);
    await record.save();

    // the show page: tabs, date cards, breadcrumbs
    await t.page.waitForURL(/\/show$/);
    await record.tab('Overview').waitFor();
    expect(await t.page.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
    const cards = await record.dateCards();
    expect(cards.created).toMatch(/^\d\d-\d\d-\d{4}, \d\d:\d\d:\d\d$/);

    await t.page.getByRole('link', { name: 'Edit' }).click();
    await record.input('Name').fill(`${name}-renamed`);
    await record.save();
    await t.page.waitForURL(/\/show$/);
    await t.page.getByText(`${name}-renamed`, { exact: true }).first().waitFor();

    const text = await record.delete(false);
    expect(text).toContain(DELETE_TEXT);
    await record.confirmDialog().waitFor({ state: 'hidden' });
    expect(t.page.url()).toMatch(/\/show$/);
    await t.page.getByText(`${name}-renamed`, { exact: true }).first().waitFor();
    await record.delete(true);
    await list.waitForData();
    expect(t.page.url()).toMatch(new RegExp(`#/${TAGS}$|#/${TAGS}\\?`));
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ name }))}`);
    await list.empty().waitFor();
  });

  it("shows the server's field error on the input for a duplicate name", async () => {
    const api = await adminApi();
    const name = unique('dup-tag');
    await api.post(TAGS, { name });
    await t.page.goto(`./#/${TAGS}/create`);
    const record = new RecordPage(t.page);
    await record.input('Name').fill(name);
    await record.save();
    await expect.poll(() => record.helperText('Name')).toBe('has already been taken');
    expect(t.page.url()).toMatch(/\/create$/);
  });

  it("shows 'Required' once a required field is touched and left empty", async () => {
    await t.page.goto(`./#/${TAGS}/create`);
    const record = new RecordPage(t.page);
    await record.input('Name').fill('x');
    await record.input('Name').fill('');
    await record.input('Name').blur();
    await expect.poll(() => record.helperText('Name')).toBe('Required');
  });
});
