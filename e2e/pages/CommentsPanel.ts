import type { Page } from 'playwright-core';
import { richTextEditor, typeRichText } from './RichText';

export interface ShownComment {
  author: string;
  time: string;
  edited: boolean;
  content: string;
  canEdit: boolean;
}

/** A website's Comments tab (SPEC §7.8). */
export class CommentsPanel {
  constructor(readonly page: Page) {}

  panel = () => this.page.getByTestId('comments-panel');
  comments = () => this.panel().getByTestId('comment');
  /** The box under the comments (a new comment, or a reply once there is one). */
  newBox = () => this.panel().locator('form').last();

  async goto(websiteId: number) {
    await this.page.goto(`./#/dms/api/v1/websites/${websiteId}/show/comments`);
    await richTextEditor(this.newBox()).waitFor();
  }

  /** Writes in the bottom box and presses its button ('Comment' first, 'Reply' after). */
  async write(text: string, button: 'Comment' | 'Reply') {
    const count = await this.comments().count();
    await typeRichText(richTextEditor(this.newBox()), text);
    await this.newBox().getByRole('button', { name: button, exact: true }).click();
    await this.comments().nth(count).waitFor({ timeout: 10_000 });
  }

  async edit(index: number, text: string) {
    const comment = this.comments().nth(index);
    await comment.getByRole('button', { name: 'Edit comment' }).click();
    await typeRichText(richTextEditor(comment), text, true);
    await comment.getByRole('button', { name: 'Save', exact: true }).click();
    await comment.getByTestId('comment-edited').waitFor();
  }

  async read(): Promise<ShownComment[]> {
    const out: ShownComment[] = [];
    for (const c of await this.comments().all()) {
      out.push({
        author: (await c.getByTestId('comment-author').innerText()).trim(),
        time: (await c.getByTestId('comment-time').innerText()).trim(),
        edited: (await c.getByTestId('comment-edited').count()) > 0,
        content: (await c.getByTestId('comment-content').innerText()).trim(),
        canEdit: (await c.getByRole('button', { name: 'Edit comment' }).count()) > 0,
      });
    }
    return out;
  }
}
