import {
  ADMIN_ROLE,
  IT_ROLE,
  isArchivable,
  isTransitionAllowed,
  TASK_OPEN_STATUSES,
  type TaskStatus,
} from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import { addHistory, type HistoryRow } from './task-repository.js';

type Row = Record<string, unknown>;
const HOUR = 3600;

/** What the content team does to a post, and how the brief reads. */
const WORK: Array<[string, string]> = [
  ['Refresh {t}', 'Update the figures and dates, check every outbound link still answers, keep the URL.'],
  ['Add an FAQ to {t}', 'Five to eight questions from Search Console queries; mark them up as FAQPage.'],
  ['Rewrite the intro of {t}', 'The first 120 words lose readers: lead with the answer, then the context.'],
  ['Fix outdated numbers in {t}', 'Several rates and limits changed this quarter; source each new figure.'],
  ['Internal links for {t}', 'Link three to five related posts of the site with descriptive anchors.'],
  ['Proofread {t}', 'Spelling, tone and headings; no structural changes.'],
  ['Meta description for {t}', 'Under 155 characters, with the main keyword and a reason to click.'],
  ['Expand {t}', 'Cover the two subtopics competitors rank for; aim for 600 more words.'],
];

const REJECTIONS = [
  'Sources missing for the new figures.',
  'Tone drifts into sales talk in the second half.',
  'The FAQ repeats the body; answer what the body does not.',
  'Two links point at competitors; replace them.',
];

/**
 * The paths the demo tasks took, each ending in the status it stands in: every step one the workflow allows
 * (or, for `archivedByAdmin`, an admin's archive from any status). 30 tasks, every status present.
 */
const PATHS: Array<{ path: TaskStatus[]; archivedByAdmin?: true }> = [
  ...repeat(4, ['DRAFT']),
  ...repeat(4, ['DRAFT', 'NOT_PLUCKED']),
  ...repeat(3, ['DRAFT', 'NOT_PLUCKED', 'IN_PROGRESS']),
  ...repeat(2, ['DRAFT', 'IN_PROGRESS']),
  ...repeat(1, ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'IN_PROGRESS']),
  ...repeat(4, ['DRAFT', 'NOT_PLUCKED', 'IN_PROGRESS', 'COMPLETED']),
  ...repeat(3, ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'REJECTED']),
  ...repeat(3, ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'APPROVED']),
  ...repeat(1, ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'IN_PROGRESS', 'COMPLETED', 'APPROVED']),
  ...repeat(2, ['DRAFT', 'NOT_PLUCKED', 'IN_PROGRESS', 'COMPLETED', 'APPROVED', 'ARCHIVED']),
  ...repeat(1, ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'ARCHIVED']),
  { path: ['DRAFT', 'NOT_PLUCKED', 'IN_PROGRESS', 'ARCHIVED'], archivedByAdmin: true },
  { path: ['DRAFT', 'ARCHIVED'], archivedByAdmin: true },
];

function repeat(n: number, path: TaskStatus[]): Array<{ path: TaskStatus[] }> {
  return Array.from({ length: n }, () => ({ path }));
}

/** A demo path that breaks the rules stops the seed: the demo shows only what the server would allow. */
function checkPath(path: TaskStatus[], archivedByAdmin: boolean): void {
  path.slice(1).forEach((to, i) => {
    const from = path[i]!;
    const last = i === path.length - 2;
    const ok =
      isTransitionAllowed(from, to) || (archivedByAdmin && last && to === 'ARCHIVED' && isArchivable(from));
    if (!ok) throw new Error(`Seed: task path ${path.join(' → ')} moves ${from} → ${to}`);
  });
}

interface Staff {
  admin: number;
  team: number[];
}

async function loadStaff(tx: Queryable): Promise<Staff | null> {
  const r = await tx.query<{ id: number; role: string }>(
    `SELECT u.id, r.name AS role FROM users u JOIN roles r ON r.id = ANY(u.roles)
     WHERE r.name IN ($1, $2) ORDER BY u.id`,
    [ADMIN_ROLE, IT_ROLE],
  );
  const admin = r.rows.find((x) => x.role === ADMIN_ROLE);
  const team = r.rows.filter((x) => x.role === IT_ROLE).map((x) => Number(x.id));
  return admin && team.length >= 2 ? { admin: Number(admin.id), team } : null;
}

/** The sites whose WordPress posts are synced, with a few of their posts. */
async function loadSites(tx: Queryable): Promise<Array<{ id: number; posts: Array<[number, string]> }>> {
  const r = await tx.query<{ website_id: number; ids: number[]; titles: string[] }>(
    `SELECT website_id, (array_agg(id ORDER BY id))[1:6] AS ids, (array_agg(title ORDER BY id))[1:6] AS titles
       FROM posts WHERE type = 'post' AND title <> '' GROUP BY website_id HAVING count(*) >= 2 ORDER BY website_id`,
  );
  return r.rows.map((s) => ({
    id: Number(s.website_id),
    posts: s.ids.map((id, i): [number, string] => [Number(id), s.titles[i]!]),
  }));
}

/**
 * Demo tasks: about 30 Create post tasks on the synced sites, assigned to the IT team, in every status,
 * each with the history of the moves that brought it there (who, when, why for a rejection).
 */
export async function seedTasks(tx: Queryable, { records }: SeedContext): Promise<void> {
  const staff = await loadStaff(tx);
  const sites = await loadSites(tx);
  if (!staff || !sites.length) return;
  const rng = new Rng(2020);
  const t = now();
  const tasks: Row[] = [];
  const histories: Array<Omit<HistoryRow, 'taskId'>[]> = [];
  PATHS.forEach(({ path, archivedByAdmin }, i) => {
    checkPath(path, archivedByAdmin === true);
    const site = sites[i % sites.length]!;
    const chosen = rng.some(site.posts, 1, Math.min(2, site.posts.length));
    const [template, brief] = WORK[i % WORK.length]!;
    const creator = rng.chance(0.4) ? staff.admin : rng.pick(staff.team);
    // The one who briefed the task reviews it; someone else writes it.
    const worker = rng.pick(staff.team.filter((id) => id !== creator));
    // Older tasks went further: a step every half day to three days, the last one recent.
    const steps = path.map(() => rng.int(12, 72) * HOUR);
    const created = t - steps.reduce((a, b) => a + b, 0) - rng.int(1, 48) * HOUR;
    const actor = (to: TaskStatus): number => {
      if (to === 'ARCHIVED' && archivedByAdmin) return staff.admin;
      return to === 'IN_PROGRESS' || to === 'COMPLETED' ? worker : creator;
    };
    let at = created;
    const history: Omit<HistoryRow, 'taskId'>[] = [
      { from: null, to: 'DRAFT', userId: creator, comment: null, at: created },
    ];
    path.slice(1).forEach((to, s) => {
      at += steps[s]!;
      const comment =
        to === 'REJECTED'
          ? rng.pick(REJECTIONS)
          : to === 'ARCHIVED' && archivedByAdmin
            ? 'Brief cancelled: the site is being sold.'
            : null;
      history.push({ from: path[s]!, to, userId: actor(to), comment, at });
    });
    const status = path.at(-1)!;
    const open = TASK_OPEN_STATUSES.includes(status);
    // A few open tasks are late; the rest are due in the coming days or were due around their review.
    const due = open ? t + (i % 5 === 0 ? -rng.int(1, 4) : rng.int(2, 21)) * DAY : at + rng.int(-2, 3) * DAY;
    tasks.push({
      title: template.replace('{t}', `“${chosen[0]![1]}”`).slice(0, 200),
      type: 'CREATE_POST',
      status,
      // Picked up: the one who picked it; some waiting tasks are already meant for someone.
      assignee_id: path.includes('IN_PROGRESS') || i % 3 === 0 ? worker : null,
      website_id: site.id,
      post_ids: chosen.map(([id]) => id),
      description: brief,
      // Due by the end of that day (UTC), as the form stores a date.
      due_date: due - (due % DAY) + DAY - 1,
      created_by: creator,
      status_changed_at: at,
      created_at: created,
      updated_at: at,
    });
    histories.push(history);
  });
  const ids = await records.insert('tasks', tasks);
  // task_history is no declared resource: the moves are written through the repository, in one statement.
  await addHistory(tx, ...histories.flatMap((h, i) => h.map((row) => ({ ...row, taskId: ids[i]! }))));
}
