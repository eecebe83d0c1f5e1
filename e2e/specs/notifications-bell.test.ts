import { ADMIN_ROLE, resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { BellDrawer } from '../pages/BellDrawer';
import { ListPage } from '../pages/ListPage';
import { LoginPage } from '../pages/LoginPage';
import { RecordPage } from '../pages/RecordPage';
import { richTextEditor, typeRichText } from '../pages/RichText';
import { adminApi, apiAs, createUser, unique } from '../support/api';
import { browserSuite } from '../support/fixture';

const NOTIFICATIONS = resources.notifications.path;

interface InboxItem {
  id: number;
  title: string;
  read: number;
}

describe('notifications: sending to a role and the bell (SPEC §2.1, §2.5, §4, §7.7)', () => {
  const t = browserSuite({ signedIn: true });
  let role: string;
  let member: { email: string; password: string };

  beforeAll(async () => {
    const api = await adminApi();
    role = unique('NOTIFIED');
    await api.post('ums/api/v1/roles', { name: role, description: 'Receives e2e notifications' });
    member = await createUser(api, role);
  });

  it('an admin sends a notification to a role; a member sees it within one poll and reads it', async () => {
    // The member is signed in first, on a clock the test moves: one poll is 30 s of page time.
    const { page: memberPage, context: memberContext } = await t.newPage();
    try {
      await memberPage.clock.install();
      await new LoginPage(memberPage).signIn(member.email, member.password);
      const bell = new BellDrawer(memberPage);
      await bell.open();
      expect((await bell.empty().innerText()).trim()).toBe('No notifications to show');
      await bell.close();
      expect(await bell.unread()).toBe(0);

      // The admin sends it from 'Send new notification'; without a user or a role the server refuses.
      const title = unique('Maintenance');
      const list = new ListPage(t.page, NOTIFICATIONS);
      await list.goto();
      await t.page.getByRole('link', { name: 'Send new notification' }).click();
      await t.page
        .getByRole('navigation', { name: 'breadcrumb' })
        .getByText('Send new notification')
        .waitFor();
      const form = new RecordPage(t.page);
      await form.input('Title').fill(title);
      await t.page.getByRole('textbox', { name: 'Link', exact: true }).fill('#/signature');
      const words = 'The servers restart tonight at 22:00, please save your work before then.';
      await typeRichText(richTextEditor(t.page.locator('form')), words);
      await form.save();
      await expect.poll(() => form.helperText('Recipients (role)')).toBe('Choose a user or a role');

      await form.input('Recipients (role)').fill(role);
      await t.page.getByRole('option', { name: role, exact: true }).click();
      await form.save();
      await t.page.waitForURL(/\/show$/);
      expect((await t.page.getByTestId('notification-message').innerText()).trim()).toBe(words);

      // Within one poll: the page clock jumps 31 s after some activity.
      await memberPage.mouse.move(200, 200);
      await memberPage.clock.fastForward(31_000);
      await expect.poll(() => bell.unread(), { timeout: 10_000 }).toBe(1);
      expect((await bell.badge().innerText()).trim()).toBe('1');

      await bell.open();
      const item = bell.item(title);
      expect((await item.getByTestId('notification-message').innerText()).trim()).toBe(words);
      expect(await bell.dot(item).getAttribute('data-unread')).toBe('true');
      await bell.dot(item).click();
      await expect.poll(() => bell.unread()).toBe(0);
      expect(await bell.dot(item).getAttribute('data-unread')).toBe('false');

      const memberApi = await apiAs(member.email, member.password);
      const inbox = await memberApi.get<{ data: InboxItem[]; meta: { unread: number } }>(
        `${NOTIFICATIONS}/me`,
      );
      expect(inbox.data.find((i) => i.title === title)?.read).toBe(1);
      expect(inbox.meta.unread).toBe(0);

      // The dot toggles back; the link (#/…) opens inside the console and closes the drawer.
      await bell.dot(item).click();
      await expect.poll(() => bell.unread()).toBe(1);
      await item.getByRole('link', { name: 'Open' }).click();
      await memberPage.waitForURL(/#\/signature$/);
      await bell.drawer().waitFor({ state: 'hidden' });
      await expect.poll(() => bell.unread()).toBe(0);
    } finally {
      await memberContext.close();
    }
  });

  it("shows a notification sent to the sender's own role in their bell at once, not at the next poll", async () => {
    const bell = new BellDrawer(t.page);
    const list = new ListPage(t.page, NOTIFICATIONS);
    await list.goto();
    await t.page.getByRole('link', { name: 'Send new notification' }).click();
    await t.page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Send new notification').waitFor();
    const form = new RecordPage(t.page);
    const title = unique('Own role');
    await form.input('Title').fill(title);
    await typeRichText(richTextEditor(t.page.locator('form')), 'Sent to the role I hold.');
    await form.input('Recipients (role)').fill(ADMIN_ROLE);
    await t.page.getByRole('option', { name: ADMIN_ROLE, exact: true }).click();

    // When the inbox is read relative to the send: the poll comes every 30 s, the refresh right after.
    const inboxReads: number[] = [];
    let sentAt = 0;
    t.page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname.endsWith(`/${NOTIFICATIONS}/me`))
        inboxReads.push(Date.now());
    });
    t.page.on('response', (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/${NOTIFICATIONS}`))
        sentAt = Date.now();
    });
    await form.save();
    await t.page.waitForURL(/\/show$/);
    await bell.open();
    await bell.item(title).waitFor({ timeout: 5_000 });
    expect(await bell.dot(bell.item(title)).getAttribute('data-unread')).toBe('true');
    expect(sentAt).toBeGreaterThan(0);
    expect(inboxReads.filter((at) => at >= sentAt && at - sentAt < 2_000).length).toBeGreaterThan(0);
  });

  it('filters the list by type (WARNING included), role and resolved', async () => {
    const api = await adminApi();
    const title = unique('Filtered');
    const roles = await api.get<{ data: Array<{ id: number; name: string }> }>(
      `ums/api/v1/roles?perPage=200&filter=${encodeURIComponent(JSON.stringify({ name: role }))}`,
    );
    await api.post(NOTIFICATIONS, {
      title,
      message: '<p>Filtered by role</p>',
      type: 'ALERT',
      recipients: roles.data.find((r) => r.name === role)!.id,
    });
    const list = new ListPage(t.page, NOTIFICATIONS);
    await list.goto();
    await t.page.getByRole('button', { name: /Advanced Filters/ }).click();
    const dialog = list.dialog('Advanced Filters');
    await dialog.getByLabel('Type').click();
    expect((await t.page.getByRole('option').allInnerTexts()).map((o) => o.trim()).filter(Boolean)).toEqual(
      expect.arrayContaining(['Info', 'Warning', 'Alert']),
    );
    await t.page.getByRole('option', { name: 'Alert' }).click();
    await dialog.getByLabel('Role').click();
    await t.page.getByRole('option', { name: role, exact: true }).click();
    await dialog.getByLabel('Resolved').click();
    await t.page.getByRole('option', { name: 'No', exact: true }).click();
    await dialog.getByRole('button', { name: 'Filter' }).click();
    await list.waitForData();
    await expect.poll(() => list.rows().count()).toBe(1);
    expect(await list.rows().first().innerText()).toContain(title);
    expect(list.filterParam()).toMatchObject({ type: 'ALERT', resolved: 'no' });
  });
});
