import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { dataProvider } from './dataProvider';
import { SOMETHING_WENT_WRONG } from './messaging';

afterEach(() => {
  vi.unstubAllGlobals();
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('notification calls (SPEC §7.7)', () => {
  it('reads the inbox with its unread count', async () => {
    mockFetch({
      'GET /nms/api/v1/notifications/me': () => ({
        body: { data: [{ id: 1, read: 0 }], meta: { unread: 1 } },
      }),
    });
    expect(await dataProvider.inbox()).toEqual({ items: [{ id: 1, read: 0 }], unread: 1 });
  });

  it('marks one read or unread, and all read', async () => {
    const calls = mockFetch({
      'POST /nms/api/v1/notifications/7/mark-read': () => ({ body: { data: { id: 7, read: 0 } } }),
      'POST /nms/api/v1/notifications/mark-all-read': () => ({ body: { data: { marked: 3 } } }),
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
    const calls = mockFetch({
      'POST /nms/api/v1/notifications/images': (init) => {
        expect((init?.body as FormData).get('file')).toBeInstanceOf(Blob);
        answers += 1;
        return answers === 1
          ? { status: 201, body: { data: { url: '/nms/uploads/abc.png' } } }
          : {
              status: 422,
              body: { error: { code: 'validation_failed', message: 'Not an image', fields: { file: 'x' } } },
            };
      },
    });
    const png = new Blob([new Uint8Array([137, 80])], { type: 'image/png' });
    expect(await dataProvider.uploadNotificationImage(png, 'a.png')).toBe('/nms/uploads/abc.png');
    expect(calls[0]!.init!.headers).not.toHaveProperty('Content-Type');
    await expect(dataProvider.uploadNotificationImage(png, 'a.exe')).rejects.toMatchObject({
      status: 422,
      message: 'Not an image',
    });
  });

  it("lists a website's alerts and resolves one through the website route", async () => {
    const alert = { id: 9, title: 'Expiring', resolved: 'no' };
    const calls = mockFetch({
      'GET /dms/api/v1/websites/3/notifications': () => ({ body: { data: [alert] } }),
      'PUT /dms/api/v1/websites/3/notifications/9': (init) => ({
        body: { data: { ...alert, ...bodyOf(init) } },
      }),
    });
    expect(await dataProvider.websiteAlerts(3)).toEqual([alert]);
    expect(await dataProvider.resolveWebsiteAlert(3, 9, 'yes')).toMatchObject({ id: 9, resolved: 'yes' });
    expect(bodyOf(calls[1]!.init)).toEqual({ resolved: 'yes' });
  });
});

describe('conversation calls (SPEC §7.8)', () => {
  const uid = '65f0a1b2c3d4e5f6a7b8c9d0';

  it("reads a website's conversation by project_id, null before the first comment", async () => {
    mockFetch({
      'GET /mms/api/v1/conversations': (_, url) => ({
        body: {
          data: url.searchParams.get('project_id') === '5' ? [{ id: uid, project_id: 5, comments: [] }] : [],
        },
      }),
    });
    expect(await dataProvider.conversationOf(5)).toEqual({ id: uid, project_id: 5, comments: [] });
    expect(await dataProvider.conversationOf(6)).toBeNull();
  });

  it('starts a conversation with the first comment and answers its id', async () => {
    const calls = mockFetch({
      'POST /mms/api/v1/conversations': () => ({ status: 201, body: { id: uid, data: { id: uid } } }),
    });
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
      [`POST /mms/api/v1/conversations/${uid}/reply`]: () => ({
        status: 201,
        body: { comment_uid: 'c2', data: { comment_uid: 'c2' } },
      }),
      [`PUT /mms/api/v1/conversations/${uid}/reply/c2`]: (init) => ({
        body: { data: { uid: 'c2', content: bodyOf(init).content, modifiedAt: 2 } },
      }),
    });
    expect(await dataProvider.reply(uid, '<p>Re</p>')).toBe('c2');
    expect(await dataProvider.editComment(uid, 'c2', '<p>Re!</p>')).toMatchObject({ content: '<p>Re!</p>' });
    expect(Object.keys(bodyOf(calls[0]!.init)).sort()).toEqual(['content', 'createdAt']);
    expect(Object.keys(bodyOf(calls[1]!.init)).sort()).toEqual(['content', 'modifiedAt']);
  });

  it("says 'Something went wrong' when an answer lacks the expected id", async () => {
    mockFetch({
      'POST /mms/api/v1/conversations': () => ({ status: 201, body: { data: {} } }),
      [`POST /mms/api/v1/conversations/${uid}/reply`]: () => ({ status: 201, body: {} }),
      'GET /mms/api/v1/conversations': () => ({ body: { data: [{ project_id: 5, comments: [] }] } }),
    });
    const comment = { author: 1, authorName: 'Ann', content: '<p>Hi</p>' };
    await expect(dataProvider.startConversation(5, comment)).rejects.toThrow(SOMETHING_WENT_WRONG);
    await expect(dataProvider.reply(uid, '<p>Re</p>')).rejects.toThrow(SOMETHING_WENT_WRONG);
    await expect(dataProvider.conversationOf(5)).rejects.toThrow(SOMETHING_WENT_WRONG);
  });
});
