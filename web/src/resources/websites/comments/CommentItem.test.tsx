// @vitest-environment jsdom
// Comments are sanitised HTML, and DOMPurify needs a complete DOM (see notifications/html.test.ts).
import { render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationComment } from '../../../providers/messaging';
import { CANNOT_DELETE, CommentItem } from './CommentItem';

const comment: ConversationComment = {
  uid: '65f0a1b2c3d4e5f6a7b8c9d0',
  author: 4,
  authorName: 'Ann Lee',
  createdAt: 1_700_000_000,
  modifiedAt: null,
  content: '<p>Looks <strong>good</strong><img src=x onerror="window.__xss=1"></p>',
};

const show = (c: ConversationComment, mine: boolean) =>
  render(
    <AdminContext>
      <CommentItem comment={c} mine={mine} onEdit={vi.fn(async () => true)} />
    </AdminContext>,
  );

describe('comment (SPEC §7.8, §8)', () => {
  it('shows the author, the time and the sanitised content; Edit only on your own', () => {
    show(comment, true);
    const item = screen.getByTestId('comment');
    expect(within(item).getByTestId('comment-author').textContent).toBe('Ann Lee');
    expect(within(item).getByTestId('comment-time').textContent).toBe('14th, Nov 2023, 22:13:20');
    expect(within(item).getByTestId('comment-content').innerHTML).toBe('<p>Looks <strong>good</strong></p>');
    expect(within(item).queryByTestId('comment-edited')).toBeNull();
    expect(within(item).getByRole('button', { name: 'Edit comment' })).toBeTruthy();
  });

  it("says when it was edited, and offers no Edit on someone else's", () => {
    show({ ...comment, modifiedAt: 1_700_000_600 }, false);
    expect(screen.getByTestId('comment-edited').textContent).toBe('· edited 14th, Nov 2023, 22:23:20');
    expect(screen.queryByRole('button', { name: 'Edit comment' })).toBeNull();
  });

  it("never deletes: the button is disabled, with the reason 'Comments can't be deleted'", () => {
    show(comment, true);
    const button = screen.getByRole('button', { name: 'Delete comment' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('comment-delete').getAttribute('aria-label')).toBe(CANNOT_DELETE);
  });
});
