import { resources, TASK_STATUSES, TASK_STATUS_LABELS, type TaskStatus } from '@sitefleet/shared';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { adminApi, unique, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const TASKS = resources.tasks.path;
type Task = { id: number; title: string; status: TaskStatus; website_id: number };

describe('task board: a column per status, moves the server allows, refusals it explains', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;

  beforeAll(async () => {
    api = await adminApi();
  });

  const column = (status: TaskStatus) => t.page.getByTestId(`task-column-${status}`);
  const card = (id: number, status?: TaskStatus) =>
    (status ? column(status) : t.page).getByTestId(`task-card-${id}`);

  const openBoard = async (query = '') => {
    await t.page.goto(`./#/${TASKS}${query}`);
    await t.page.getByTestId('task-board').waitFor();
    await column('DRAFT').waitFor();
  };

  /** A fresh Draft task about a post of a demo website, so no other spec's moves get in the way. */
  const freshTask = async (): Promise<Task> => {
    const posts = await api.get<{ data: Array<{ id: number; website_id: number }> }>(
      `${resources.posts.path}?perPage=1&sortBy=id&sortOrder=ASC&filter=${encodeURIComponent(JSON.stringify({ type: 'post' }))}`,
    );
    const post = posts.data[0]!;
    const created = await api.post<{ data: Task }>(TASKS, {
      title: unique('Board move check'),
      type: 'CREATE_POST',
      website_id: post.website_id,
      post_ids: [post.id],
    });
    return created.data;
  };

  const drag = async (from: Locator, to: Locator) => {
    await from.dragTo(to);
  };

  it('shows the demo tasks in the columns of their statuses, with overdue due dates in red', async () => {
    await openBoard();
    for (const status of TASK_STATUSES) {
      const one = await api.get<{ data: Task[] }>(
        `${TASKS}?perPage=1&sortBy=id&sortOrder=ASC&filter=${encodeURIComponent(JSON.stringify({ status }))}`,
      );
      const demo = one.data[0];
      expect(demo, `a demo task in ${status}`).toBeTruthy();
      const heading = column(status).getByText(TASK_STATUS_LABELS[status], { exact: true });
      await heading.waitFor();
      if (status !== 'ARCHIVED') await card(demo!.id, status).waitFor();
    }
    // The demo has overdue tasks among the open ones.
    await t.page.locator('[data-testid="task-due"][data-overdue="true"]').first().waitFor();
    expect(await t.page.getByTestId('task-assignee').count()).toBeGreaterThan(5);
    expect(t.errors).toEqual([]);
  });

  it('moves a card by dragging it to an allowed column and with its menu; the moves persist', async () => {
    const task = await freshTask();
    // Narrowed to the task's website (short columns, all on screen).
    await openBoard(`?website=${task.website_id}`);
    await card(task.id, 'DRAFT').waitFor();
    const others = await api.get<{ data: Task[] }>(
      `${TASKS}?perPage=500&filter=${encodeURIComponent(JSON.stringify({ status: { where_in: ['DRAFT', 'IN_PROGRESS'] } }))}`,
    );
    const elsewhere = others.data.find((o) => o.website_id !== task.website_id);
    expect(elsewhere).toBeTruthy();
    expect(await card(elsewhere!.id).count()).toBe(0);

    await drag(card(task.id, 'DRAFT'), column('IN_PROGRESS'));
    await card(task.id, 'IN_PROGRESS').waitFor();
    expect(await card(task.id, 'DRAFT').count()).toBe(0);

    // The menu offers only what the rules allow next.
    await card(task.id, 'IN_PROGRESS').getByRole('button', { name: 'Move task' }).click();
    const menu = t.page.getByRole('menu');
    expect(await menu.getByRole('menuitem', { name: 'Approved' }).isDisabled()).toBe(true);
    expect(await menu.getByRole('menuitem', { name: 'Draft' }).isDisabled()).toBe(true);
    await menu.getByRole('menuitem', { name: 'Completed' }).click();
    await card(task.id, 'COMPLETED').waitFor();

    await t.page.reload();
    await card(task.id, 'COMPLETED').waitFor();
    const stored = await api.get<{ data: Task }>(`${TASKS}/${task.id}`);
    expect(stored.data.status).toBe('COMPLETED');
    expect(t.errors).toEqual([]);
  });

  it("refuses a move the rules do not allow: the server's message shows and the card stays", async () => {
    const task = await freshTask();
    await api.post(`${TASKS}/${task.id}/transition`, { from: 'DRAFT', to: 'IN_PROGRESS' });
    await api.post(`${TASKS}/${task.id}/transition`, { from: 'IN_PROGRESS', to: 'COMPLETED' });
    await openBoard(`?website=${task.website_id}`);
    await card(task.id, 'COMPLETED').waitFor();

    const answer = t.page.waitForResponse(
      (r) => r.url().endsWith(`${TASKS}/${task.id}/transition`) && r.request().method() === 'POST',
    );
    await drag(card(task.id, 'COMPLETED'), column('DRAFT'));
    expect((await answer).status()).toBe(422);
    const refusal = t.page.getByTestId('task-board-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(
      'A task that is Completed cannot move to Draft: it can move to Approved or Rejected',
    );
    await card(task.id, 'COMPLETED').waitFor();
    expect(await card(task.id, 'DRAFT').count()).toBe(0);
    const stored = await api.get<{ data: Task }>(`${TASKS}/${task.id}`);
    expect(stored.data.status).toBe('COMPLETED');

    // The show page lists the moves, newest first.
    await card(task.id, 'COMPLETED').getByTestId('task-title').click();
    await t.page.getByRole('tab', { name: 'History' }).click();
    const rows = t.page.getByTestId('task-history-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    expect(await rows.first().innerText()).toMatch(/In progress\s+Completed/);
  });

  it('creates a task from the form, where the unavailable types are disabled, and filters the List tab', async () => {
    await t.page.goto(`./#/${TASKS}/create`);
    await t.page.getByRole('combobox', { name: /^Type/ }).click();
    const listbox = t.page.getByRole('listbox');
    expect(await listbox.getByRole('option', { name: 'Create post' }).isDisabled()).toBe(false);
    for (const name of ['Tag links', 'Update links', 'Quality check'])
      expect(await listbox.getByRole('option', { name: `${name} (not available yet)` }).isDisabled()).toBe(
        true,
      );
    await t.page.keyboard.press('Escape');

    // A Create post task about a post of the website chosen: the posts offered are that website's.
    const posts = await api.get<{ data: Array<{ id: number; title: string; website_id: number }> }>(
      `${resources.posts.path}?perPage=1&sortBy=id&sortOrder=DESC&filter=${encodeURIComponent(JSON.stringify({ type: 'post' }))}`,
    );
    const post = posts.data[0]!;
    const site = await api.get<{ data: { hostname: string } }>(
      `${resources.websites.path}/${post.website_id}`,
    );
    const title = unique('Form task');
    await t.page.getByLabel('Title').fill(title);
    await t.page.getByRole('combobox', { name: /^Website/ }).fill(site.data.hostname);
    await t.page.getByRole('option', { name: site.data.hostname, exact: true }).click();
    await t.page.getByRole('combobox', { name: /^Posts/ }).fill(post.title);
    await t.page.getByRole('option', { name: post.title, exact: true }).first().click();
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.getByRole('tab', { name: 'History' }).waitFor();
    const created = await api.get<{ data: Array<{ status: string; post_ids: number[] }> }>(
      `${TASKS}?filter=${encodeURIComponent(JSON.stringify({ title }))}`,
    );
    expect(created.data).toEqual([expect.objectContaining({ status: 'DRAFT', post_ids: [post.id] })]);
    await t.page.getByRole('link', { name: 'Edit' }).click();
    // The post chosen shows as a chip of the Posts input.
    await t.page.locator('.MuiChip-root', { hasText: post.title }).first().waitFor();
    expect(await t.page.getByLabel('Title').inputValue()).toBe(title);

    const filter = encodeURIComponent(JSON.stringify({ status: 'REJECTED' }));
    await t.page.goto(`./#/${TASKS}?tab=list&filter=${filter}`);
    const list = new ListPage(t.page, TASKS);
    await list.waitForData();
    expect(await t.page.getByRole('tab', { name: 'List', selected: true }).count()).toBe(1);
    const statuses = await list.columnTexts((await list.headers()).indexOf('Status'));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Rejected']));
    expect(t.errors).toEqual([]);
  });
});
