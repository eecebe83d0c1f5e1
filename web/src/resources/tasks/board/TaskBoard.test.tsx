import { fireEvent, screen, within } from '@testing-library/react';
import { actions, resources, type TaskMoved } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction, type ActionAnswer } from '../../../test/fetchMock';
import { filterOf, listOf, renderInConsole } from '../../websites/wordpress/testApp';
import { TaskBoard } from './TaskBoard';

const PATH = resources.tasks.path;
const transition = actions.tasks.transitionTask;

const task = (id: number, status: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  type: 'CREATE_POST',
  status,
  assignee_id: 3,
  assignee_name: 'Marta Kowalski',
  assignee_picture: null,
  website_id: 9,
  website_hostname: 'casino-guide.example',
  post_ids: [4],
  description: null,
  due_date: null,
  created_by: 1,
  status_changed_at: 1_800_000_000,
  created_at: 1_800_000_000,
  updated_at: 1_800_000_000,
  version: 1,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

/** The board over a mocked API: the live tasks, the archived ones, and empty pickers. */
function mockBoard(live: Array<ReturnType<typeof task>>, moveAnswer?: () => ActionAnswer<typeof transition>) {
  return mockFetch({
    [`GET /${PATH}`]: (_init, url) => {
      const status = filterOf(url).status;
      return listOf(status === 'ARCHIVED' ? [] : live);
    },
    [`GET /${resources.users.path}`]: () => listOf([]),
    [`GET /${resources.websites.path}`]: () => listOf([]),
    ...(moveAnswer ? onAction(transition, { id: '5' }, moveAnswer) : {}),
  });
}

const column = (status: string) => screen.getByTestId(`task-column-${status}`);

describe('task board', () => {
  it('puts each task in the column of its status, with who and where', async () => {
    mockBoard([task(5, 'IN_PROGRESS', 'Refresh the bonus guide'), task(6, 'DRAFT', 'Proofread the FAQ')]);
    renderInConsole(<TaskBoard />, { resource: PATH, path: `/${PATH}` });
    await screen.findByTestId('task-column-IN_PROGRESS');
    expect(await within(column('IN_PROGRESS')).findByText('Refresh the bonus guide')).toBeTruthy();
    expect(within(column('DRAFT')).getByText('Proofread the FAQ')).toBeTruthy();
    expect(within(column('IN_PROGRESS')).getByText('Marta Kowalski')).toBeTruthy();
    expect(within(column('IN_PROGRESS')).getByText('casino-guide.example')).toBeTruthy();
    expect(within(column('COMPLETED')).getByText('No tasks')).toBeTruthy();
  });

  it('offers in the menu only the statuses the rules allow, Archived only with the archive permission', async () => {
    mockBoard([task(5, 'IN_PROGRESS', 'Refresh the bonus guide')]);
    renderInConsole(<TaskBoard />, {
      resource: PATH,
      path: `/${PATH}`,
      role: 'IT',
      routes: { [`/${PATH}`]: { GET: true }, [`/${transition.path}`]: { POST: true } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move task' }));
    const item = (name: string) => screen.getByRole('menuitem', { name });
    expect(item('Completed').getAttribute('aria-disabled')).toBeNull();
    expect(item('Not picked up').getAttribute('aria-disabled')).toBeNull();
    for (const refused of ['Draft', 'Approved', 'Rejected', 'Archived'])
      expect(item(refused).getAttribute('aria-disabled')).toBe('true');
  });

  it('sends a drop to the server and shows its refusal; the card stays where it was', async () => {
    const calls = mockBoard([task(5, 'COMPLETED', 'Refresh the bonus guide')], () => ({
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'A task that is Completed cannot move to Draft: it can move to Approved or Rejected',
          fields: { to: 'A task that is Completed cannot move to Draft' },
        },
      },
    }));
    renderInConsole(<TaskBoard />, { resource: PATH, path: `/${PATH}` });
    const card = await screen.findByTestId('task-card-5');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(column('DRAFT'), { dataTransfer });
    fireEvent.drop(column('DRAFT'), { dataTransfer });
    const refusal = await screen.findByTestId('task-board-refusal');
    expect(refusal.textContent).toContain('it can move to Approved or Rejected');
    const sent = calls.find((c) => c.path === `/${PATH}/5/transition`);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ from: 'COMPLETED', to: 'DRAFT' });
    expect(within(column('COMPLETED')).getByTestId('task-card-5')).toBeTruthy();
  });

  it('moves a card with its menu and shows it in its new column once the server answers', async () => {
    let status = 'DRAFT';
    const moved: TaskMoved = {
      id: 5,
      status: 'IN_PROGRESS',
      assignee_id: 3,
      status_changed_at: 1_800_000_100,
      updated_at: 1_800_000_100,
      version: 2,
    };
    mockFetch({
      [`GET /${PATH}`]: (_init, url) =>
        listOf(filterOf(url).status === 'ARCHIVED' ? [] : [task(5, status, 'Refresh the bonus guide')]),
      [`GET /${resources.users.path}`]: () => listOf([]),
      [`GET /${resources.websites.path}`]: () => listOf([]),
      ...onAction(transition, { id: '5' }, () => {
        status = 'IN_PROGRESS';
        return { body: { data: moved } };
      }),
    });
    renderInConsole(<TaskBoard />, { resource: PATH, path: `/${PATH}` });
    await within(await screen.findByTestId('task-column-DRAFT')).findByTestId('task-card-5');
    fireEvent.click(screen.getByRole('button', { name: 'Move task' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'In progress' }));
    expect(await within(column('IN_PROGRESS')).findByTestId('task-card-5')).toBeTruthy();
    expect(within(column('DRAFT')).queryByTestId('task-card-5')).toBeNull();
  });
});
