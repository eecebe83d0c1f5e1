import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecordPage } from '../pages/RecordPage';
import { richTextEditor, typeRichText } from '../pages/RichText';
import { Shell } from '../pages/Shell';
import { adminApi, unique, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const NOTIFICATIONS = resources.notifications.path;
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The browser logs refused calls itself; those are the test's doing. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 422/.test(e));

describe('notification screens (SPEC §2.5, §5)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let adminId: number;

  beforeAll(async () => {
    api = await adminApi();
    adminId = (await api.get<{ data: { id: number } }>('ums/api/v1/users/me')).data.id;
  });

  it('opens the list, show, edit and create screens and the website tabs without console errors', async () => {
    const { data } = await api.post<{ data: { id: number } }>(NOTIFICATIONS, {
      title: unique('Screens'),
      message: '<p>Hello <strong>team</strong></p>',
      type: 'INFO',
      user_id: adminId,
    });
    const website = await api.get<{ data: Array<{ id: number }> }>(`${resources.websites.path}?perPage=1`);
    const websiteId = website.data[0]!.id;
    await new Shell(t.page).openMenuEntry('Notifications');
    await t.page.locator('.RaDataTable-table').waitFor();
    for (const [path, ready] of [
      [`${NOTIFICATIONS}/${data.id}/show`, 'notification-message'],
      [`${resources.websites.path}/${websiteId}/show/alerts`, null],
      [`${resources.websites.path}/${websiteId}/show/comments`, 'comments-panel'],
    ] as const) {
      await t.page.goto(`./#/${path}`);
      if (ready) await t.page.getByTestId(ready).waitFor();
      await t.page.waitForLoadState('networkidle');
    }
    for (const path of [`${NOTIFICATIONS}/${data.id}`, `${NOTIFICATIONS}/create`]) {
      await t.page.goto(`./#/${path}`);
      await richTextEditor(t.page.locator('form')).waitFor();
      await t.page.waitForLoadState('networkidle');
    }
    expect(t.errors).toEqual([]);
  });

  it("opens a message with a figure read-only: 'The editor doesn't support this content'", async () => {
    const { data } = await api.post<{ data: { id: number } }>(NOTIFICATIONS, {
      title: unique('Figure'),
      message: '<figure><figcaption>Traffic in Q3</figcaption></figure><p>See the chart.</p>',
      type: 'INFO',
      user_id: adminId,
    });
    await t.page.goto(`./#/${NOTIFICATIONS}/${data.id}`);
    const readOnly = t.page.getByTestId('message-read-only');
    await readOnly.getByText("The editor doesn't support this content").waitFor();
    expect(await readOnly.locator('figure figcaption').innerText()).toBe('Traffic in Q3');
    expect(await t.page.locator('.ProseMirror').count()).toBe(0);

    const record = new RecordPage(t.page);
    await record.input('Title').fill('Figure kept');
    await record.save();
    await t.page.waitForURL(/\/show$/);
    await t.page.getByTestId('notification-message').locator('figure').waitFor();
    const stored = await api.get<{ data: { title: string; message: string } }>(`${NOTIFICATIONS}/${data.id}`);
    expect(stored.data.title).toBe('Figure kept');
    expect(stored.data.message).toContain('<figcaption>Traffic in Q3</figcaption>');
  });

  it("uploads an image into the message; a refused file shows the server's message", async () => {
    await t.page.goto(`./#/${NOTIFICATIONS}/create`);
    const form = t.page.locator('form');
    const editor = richTextEditor(form);
    await typeRichText(editor, 'Our new logo: ');
    const upload = form.getByTestId('image-upload-input');

    await upload.setInputFiles({
      name: 'not-an-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('hello'),
    });
    await new Shell(t.page)
      .notification()
      .getByText('The file is not a gif, jpeg, jpg, png, svg image')
      .waitFor();

    await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1x1 });
    const image = editor.locator('img[alt="logo.png"]');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/nms\/uploads\/[0-9a-f]{32}\.png$/);

    const record = new RecordPage(t.page);
    const title = unique('Logo');
    await record.input('Title').fill(title);
    await record.input('User').fill('e2e-admin');
    await t.page.getByRole('option', { name: /e2e-admin@/ }).click();
    await record.save();
    await t.page.waitForURL(/\/show$/);
    const shown = t.page.getByTestId('notification-message').locator('img');
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(unexpected(t.errors)).toEqual([]);
  });
});
