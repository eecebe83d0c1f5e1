import { actions, type ConversationComment, type InboxItem, type WebsiteAlert } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_BROKEN, mockFetch, onAction } from '../test/fetchMock';
import { dataProvider } from './dataProvider';
import { SOMETHING_WENT_WRONG } from './messaging';

afterEach(() => {
  vi.unstubAllGlobals();
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

const inboxItem: InboxItem = {
  id: 1,
  title: 'Renew example.com',
  message: '<p>Soon.</p>',
  type: 'INFO',
  link: null,
  importance: null,
  resolved: 'no',
  created_at: 1_700_000_000,
  user_id: null,
  recipients: null,
  website_id: null,
  website: null,
  read: 0,
  created_by: 2,
  created_by_name: 'Ann',
};

const alert: WebsiteAlert = {
  id: 9,
  title: 'Expiring',
  message: '<p>Renew it.</p>',
  type: 'ALERT',
  link: null,
  importance: 'normal',
  resolved: 'no',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  data: null,
  version: 4,
};

describe('notification calls (SPEC §7.7)', () => {
  it('reads the inbox with its unread count', async () => {
    mockFetch(
      onAction(actions.nms.inbox, null, () => ({ body: { data: [inboxItem], meta: { unread: 1 } } })),
    );
    expect(await dataProvider.inbox()).toEqual({ items: [inboxItem], unread: 1 });
  });

  it('refuses a mocked inbox that is not what the server sends', async () => {
    mockFetch(
      onAction(actions.nms.inbox, null, () => ({
        // A hand-made item missing most of its fields, as these tests used to mock it.
        body: { data: [{ id: 1, read: 0 } as unknown as InboxItem], meta: { unread: 1 } },
      })),
    );
    const failure = dataProvider.inbox();
    await expect(failure).rejects.toMatchObject({ status: CONTRACT_BROKEN });
    await expect(failure).rejects.toThrow(
      /GET nms\/api\/v1\/notifications\/me breaks its contract: \/data\/0/,
    );
  });

  it('marks one read or unread, and all read', async () => {
    const calls = mockFetch({
      ...onAction(actions.nms.markRead, { id: '7' }, () => ({ body: { data: { id: 7, read: 0 as const } } })),
      ...onAction(actions.nms.markAllRead, null, () => ({ body: { data: { marked: 3 } } })),
    });
    await dataProvider.markRead(7, 0);
    await dataProvider.markAllRead();
    expect(bodyOf(calls[0]!.init)).toEqual({ read: 0 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /nms/api/v1/notifications/7/mark-read',
      'POST /nms/api/v1/notifications/mark-all-read',
    ]);
  });

  it('resolves an alert without a website by updating the record at its current version', async () => {
    const calls = mockFetch({
      'GET /nms/api/v1/notifications/4': () => ({ body: { data: { id: 4, version: 6 } } }),
      'PUT /nms/api/v1/notifications/4': () => ({ body: { data: { id: 4, version: 7 } } }),
    });
    await dataProvider.resolveNotification(4, 'yes');
    expect(bodyOf(calls[1]!.init)).toEqual({ resolved: 'yes', version: 6 });
  });

  it('uploads an image as multipart `file` and answers its URL; a refusal carries the message', async () => {
    let answers = 0;
    const calls = mockFetch(
      onAction(actions.nms.uploadImage, null, (init) => {
        expect((init?.body as FormData).get('file')).toBeInstanceOf(Blob);
        answers += 1;
        return answers === 1
          ? { status: 201, body: { data: { url: '/nms/uploads/abc.png' } } }
          : {
              status: 422,
              body: { error: { code: 'validation_failed', message: 'Not an image', fields: { file: 'x' } } },
            };
      }),
    );
    const png = new Blob([new Uint8Array([137, 80])], { type: 'image/png' });
    expect(await dataProvider.uploadNotificationImage(png, 'a.png')).toBe('/nms/uploads/abc.png');
    expect(calls[0]!.init!.headers).not.toHaveProperty('Content-Type');
    await expect(dataProvider.uploadNotificationImage(png, 'a.exe')).rejects.toMatchObject({
      status: 422,
      message: 'Not an image',
    });
  });

  it("lists a website's alerts and resolves one at the version it was read at", async () => {
    const calls = mockFetch({
      ...onAction(actions.nms.websiteAlerts, { id: '3' }, () => ({ body: { data: [alert] } })),
      ...onAction(actions.nms.resolveWebsiteAlert, { id: '3', notificationId: '9' }, (init) => ({
        body: {
          data: {
            ...alert,
            resolved: bodyOf(init).resolved === 'yes' ? ('yes' as const) : ('no' as const),
            version: 5,
          },
        },
      })),
    });
    expect(await dataProvider.websiteAlerts(3)).toEqual([alert]);
    expect(await dataProvider.resolveWebsiteAlert(3, 9, 'yes', 4)).toMatchObject({ id: 9, resolved: 'yes' });
    expect(bodyOf(calls[1]!.init)).toEqual({ resolved: 'yes', version: 4 });
    // From the bell, whose items carry no version: the alert is read first.
    await dataProvider.resolveWebsiteAlert(3, 9, 'no');
    expect(calls.slice(2).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /dms/api/v1/websites/3/notifications',
      'PUT /dms/api/v1/websites/3/notifications/9',
    ]);
    expect(bodyOf(calls[3]!.init)).toEqual({ resolved: 'no', version: 4 });
  });
});

describe('conversation calls (SPEC §7.8)', () => {
  const uid = '65f0a1b2c3d4e5f6a7b8c9d0';
  const commentUid = '65f0a1b2c3d4e5f6a7b8c9d1';
  const comment = (content: string): ConversationComment => ({
    uid: commentUid,
    author: 1,
    authorName: 'Ann',
    createdAt: 1_700_000_000,
    modifiedAt: 1_700_000_100,
    content,
  });

  it("reads a website's conversation by project_id, null before the first comment", async () => {
    mockFetch(
      onAction(actions.mms.conversationOf, null, (_, url) => ({
        body: {
          data: url.searchParams.get('project_id') === '5' ? [{ id: uid, project_id: 5, comments: [] }] : [],
        },
      })),
    );
    expect(await dataProvider.conversationOf(5)).toEqual({ id: uid, project_id: 5, comments: [] });
    expect(await dataProvider.conversationOf(6)).toBeNull();
  });

  it('starts a conversation with the first comment and answers its id', async () => {
    const calls = mockFetch(
      onAction(actions.mms.startConversation, null, () => ({
        status: 201,
        body: { id: uid, data: { id: uid, comment_uid: commentUid } },
      })),
    );
    expect(
      await dataProvider.startConversation(5, { author: 1, authorName: 'Ann', content: '<p>Hi</p>' }),
    ).toBe(uid);
    const body = bodyOf(calls[0]!.init);
    expect(body).toMatchObject({
      project_id: 5,
      comments: [{ author: 1, authorName: 'Ann', content: '<p>Hi</p>' }],
    });
    expect((body.comments as Array<{ createdAt: number }>)[0]!.createdAt).toBeGreaterThan(1_600_000_000);
  });

  it('replies and edits, sending createdAt / modifiedAt', async () => {
    const calls = mockFetch({
      ...onAction(actions.mms.reply, { uid }, () => ({
        status: 201,
        body: { comment_uid: commentUid, data: { comment_uid: commentUid } },
      })),
      ...onAction(actions.mms.editComment, { uid, commentUid }, (init) => ({
        body: { data: comment(String(bodyOf(init).content)) },
      })),
    });
    expect(await dataProvider.reply(uid, '<p>Re</p>')).toBe(commentUid);
    expect(await dataProvider.editComment(uid, commentUid, '<p>Re!</p>')).toEqual(comment('<p>Re!</p>'));
    expect(Object.keys(bodyOf(calls[0]!.init)).sort()).toEqual(['content', 'createdAt']);
    expect(Object.keys(bodyOf(calls[1]!.init)).sort()).toEqual(['content', 'modifiedAt']);
  });

  it("says 'Something went wrong' when an answer lacks the expected id", async () => {
    // Off-contract answers on purpose (a proxy or a broken deployment): plain routes, not onAction.
    mockFetch({
      'POST /mms/api/v1/conversations': () => ({ status: 201, body: { data: {} } }),
      [`POST /mms/api/v1/conversations/${uid}/reply`]: () => ({ status: 201, body: {} }),
      'GET /mms/api/v1/conversations': () => ({ body: { data: [{ project_id: 5, comments: [] }] } }),
    });
    const first = { author: 1, authorName: 'Ann', content: '<p>Hi</p>' };
    await expect(dataProvider.startConversation(5, first)).rejects.toThrow(SOMETHING_WENT_WRONG);
    await expect(dataProvider.reply(uid, '<p>Re</p>')).rejects.toThrow(SOMETHING_WENT_WRONG);
    await expect(dataProvider.conversationOf(5)).rejects.toThrow(SOMETHING_WENT_WRONG);
  });
});
