import { actionPath, actions, resources, type ActionResponse } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { CommentsPanel } from '../pages/CommentsPanel';
import { adminApi, apiAs, createUser, unique, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';
import { executableIn, RICH_TEXT_FORBIDDEN, xssRan } from '../support/xss';

const WEBSITES = resources.websites.path;

const conversationOf = async (api: Api, websiteId: number) =>
  (
    await api.get<ActionResponse<typeof actions.mms.conversationOf>>(
      `${actionPath(actions.mms.conversationOf)}?project_id=${websiteId}`,
    )
  ).data[0];

describe('website comments (SPEC §7.8, §8)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let websiteId: number;

  beforeAll(async () => {
    api = await adminApi();
    const url = `https://${unique('comments')}.com/`;
    websiteId = (await api.post<{ data: { id: number } }>(WEBSITES, { url, target_market: 'All' })).data.id;
  });

  it('writes the first comment, edits it and replies; only your own comments can be edited', async () => {
    const dialogs: string[] = [];
    t.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const panel = new CommentsPanel(t.page);
    await panel.goto(websiteId);
    await panel.panel().getByText('No comments yet.').waitFor();

    await panel.write('The homepage loads in under a second.', 'Comment');
    const first = await conversationOf(api, websiteId);
    expect(first?.comments).toHaveLength(1);
    expect(await panel.read()).toEqual([
      {
        author: 'Admin Sitefleet',
        time: expect.stringMatching(/\d{4}, \d\d:\d\d:\d\d$/),
        edited: false,
        content: 'The homepage loads in under a second.',
        canEdit: true,
      },
    ]);

    await panel.edit(0, 'The homepage loads in under half a second.');
    const [edited] = await panel.read();
    expect(edited).toMatchObject({ content: 'The homepage loads in under half a second.', edited: true });
    expect((await conversationOf(api, websiteId))?.comments[0]?.modifiedAt).toEqual(expect.any(Number));

    await panel.write('Checked on mobile too.', 'Reply');
    expect((await panel.read()).map((c) => c.content)).toEqual([
      'The homepage loads in under half a second.',
      'Checked on mobile too.',
    ]);
    const conversation = await conversationOf(api, websiteId);
    expect(conversation?.id).toBe(first?.id);
    expect(conversation?.comments).toHaveLength(2);

    // Someone else replies (with markup that must never run): no Edit on their comment.
    const colleague = await createUser(api, 'IT', { name: 'Ines', last_name: 'Ortega' });
    const theirs = await apiAs(colleague.email, colleague.password);
    await theirs.post(actionPath(actions.mms.reply, { uid: conversation!.id }), {
      content: '<p>Agreed.<img src=x onerror="window.__xss=1"><script>window.__xss=1</script></p>',
    });
    await t.page.reload();
    await panel.comments().nth(2).waitFor();
    const all = await panel.read();
    expect(all.map((c) => [c.author, c.content, c.canEdit])).toEqual([
      ['Admin Sitefleet', 'The homepage loads in under half a second.', true],
      ['Admin Sitefleet', 'Checked on mobile too.', true],
      ['Ines Ortega', 'Agreed.', false],
    ]);
    expect(await executableIn(panel.panel().getByTestId('comment-content'), RICH_TEXT_FORBIDDEN)).toEqual([]);
    expect(await xssRan(t.page)).toBe(false);
    expect(dialogs).toEqual([]);
  });

  it("offers no deletion: the button is disabled and says 'Comments can't be deleted'", async () => {
    const panel = new CommentsPanel(t.page);
    await panel.goto(websiteId);
    const del = panel.comments().first().getByRole('button', { name: 'Delete comment' });
    await del.waitFor();
    expect(await del.isDisabled()).toBe(true);
    await panel.comments().first().getByTestId('comment-delete').hover();
    await t.page.getByRole('tooltip', { name: "Comments can't be deleted" }).waitFor();
  });
});
