import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from './constants.js';
import {
  isTaskOverdue,
  isTransitionAllowed,
  nextStatuses,
  refusedTransitionMessage,
  TASK_BOARD_COLUMNS,
  TASK_TRANSITIONS,
  transitionRoute,
  unavailableTaskTypeMessage,
  type TaskStatus,
} from './tasks.js';

/** The workflow of docs/tasks.md, written out pair by pair. */
const ALLOWED = new Set([
  'DRAFT>NOT_PLUCKED',
  'DRAFT>IN_PROGRESS',
  'NOT_PLUCKED>IN_PROGRESS',
  'NOT_PLUCKED>DRAFT',
  'IN_PROGRESS>COMPLETED',
  'IN_PROGRESS>NOT_PLUCKED',
  'COMPLETED>APPROVED',
  'COMPLETED>REJECTED',
  'REJECTED>IN_PROGRESS',
  'REJECTED>ARCHIVED',
  'APPROVED>ARCHIVED',
]);

const PAIRS = TASK_STATUSES.flatMap((from) => TASK_STATUSES.map((to) => [from, to] as const));

describe('task transitions', () => {
  it('allow exactly the workflow pairs and refuse the other 38', () => {
    const allowed = PAIRS.filter(([f, t]) => isTransitionAllowed(f, t)).map(([f, t]) => `${f}>${t}`);
    expect(new Set(allowed)).toEqual(ALLOWED);
    expect(PAIRS.length - allowed.length).toBe(38);
  });

  it('never stay in place, and end at Archived', () => {
    for (const s of TASK_STATUSES) expect(isTransitionAllowed(s, s)).toBe(false);
    expect(TASK_TRANSITIONS.ARCHIVED).toEqual([]);
  });

  it('reach every status from Draft, and Archived from every reviewed one', () => {
    const seen = new Set<TaskStatus>(['DRAFT']);
    const queue: TaskStatus[] = ['DRAFT'];
    while (queue.length) {
      for (const next of TASK_TRANSITIONS[queue.shift()!]) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect([...seen].sort()).toEqual([...TASK_STATUSES].sort());
    expect(isTransitionAllowed('APPROVED', 'ARCHIVED')).toBe(true);
    expect(isTransitionAllowed('REJECTED', 'ARCHIVED')).toBe(true);
  });

  it('offer Archived from any live status only to those who may archive any task', () => {
    expect(nextStatuses('IN_PROGRESS', false)).toEqual(['COMPLETED', 'NOT_PLUCKED']);
    expect(nextStatuses('IN_PROGRESS', true)).toEqual(['COMPLETED', 'NOT_PLUCKED', 'ARCHIVED']);
    expect(nextStatuses('APPROVED', true)).toEqual(['ARCHIVED']);
    expect(nextStatuses('ARCHIVED', true)).toEqual([]);
    expect(transitionRoute('DRAFT', 'ARCHIVED', false)).toBeNull();
    expect(transitionRoute('DRAFT', 'ARCHIVED', true)).toBe('archive');
    expect(transitionRoute('APPROVED', 'ARCHIVED', true)).toBe('transition');
    expect(transitionRoute('COMPLETED', 'APPROVED', false)).toBe('transition');
    expect(transitionRoute('ARCHIVED', 'ARCHIVED', true)).toBeNull();
    expect(transitionRoute('DRAFT', 'COMPLETED', true)).toBeNull();
  });

  it('say why a move is refused, naming the statuses allowed next', () => {
    expect(refusedTransitionMessage('DRAFT', 'APPROVED')).toBe(
      'A task that is Draft cannot move to Approved: it can move to Not picked up or In progress',
    );
    expect(refusedTransitionMessage('COMPLETED', 'DRAFT')).toBe(
      'A task that is Completed cannot move to Draft: it can move to Approved or Rejected',
    );
    expect(refusedTransitionMessage('IN_PROGRESS', 'ARCHIVED')).toMatch(
      /it can move to Completed or Not picked up\. Archiving it at this stage needs the permission/,
    );
    expect(refusedTransitionMessage('APPROVED', 'DRAFT')).toMatch(/it can move to Archived$/);
    expect(refusedTransitionMessage('ARCHIVED', 'DRAFT')).toMatch(/an archived task is final/);
    expect(refusedTransitionMessage('DRAFT', 'DRAFT')).toBe('The task is already Draft');
  });

  it('has a board column for every status', () => {
    expect([...TASK_BOARD_COLUMNS].sort()).toEqual([...TASK_STATUSES].sort());
  });
});

describe('task rules', () => {
  it('call a task overdue only while its work is still to deliver', () => {
    const now = 1_800_000_000;
    expect(isTaskOverdue({ status: 'IN_PROGRESS', due_date: now - 1 }, now)).toBe(true);
    expect(isTaskOverdue({ status: 'REJECTED', due_date: now - 1 }, now)).toBe(true);
    expect(isTaskOverdue({ status: 'IN_PROGRESS', due_date: now + 1 }, now)).toBe(false);
    expect(isTaskOverdue({ status: 'COMPLETED', due_date: now - 1 }, now)).toBe(false);
    expect(isTaskOverdue({ status: 'ARCHIVED', due_date: now - 1 }, now)).toBe(false);
    expect(isTaskOverdue({ status: 'DRAFT', due_date: null }, now)).toBe(false);
  });

  it('explain that the disabled types are not available yet', () => {
    expect(unavailableTaskTypeMessage('TAG_LINKS')).toBe(
      'Tag links tasks are not available yet: only Create post tasks can be created',
    );
  });
});
