import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../src/core/errors.js';
import { isConnectionError } from '../src/db/db.js';
import { createTestApp, type TestApp } from './helper.js';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it.each([
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', pgError('57P02', 'terminating connection due to crash of another server process')],
    ['starting up', pgError('57P03', 'the database system is starting up')],
    ['connection failure', pgError('08006', 'connection failure')],
    ['socket reset', pgError('ECONNRESET', 'read ECONNRESET')],
    ['refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_name, err) => {
    expect(isConnectionError(err)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a missing table', pgError('42P01', 'relation "x" does not exist')],
    ['a plain error', new Error('boom')],
    ['a string', 'Connection'],
  ])('is false for %s', (_name, err) => {
    expect(isConnectionError(err)).toBe(false);
  });
});

describe('a request whose database connection is lost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, (app) => {
      const lost: Record<string, () => unknown> = {
        'admin-shutdown': () => pgError('57P01', 'terminating connection due to administrator command'),
        terminated: () => new Error('Connection terminated unexpectedly'),
        typed: () => databaseUnavailable(new Error('read ECONNRESET')),
      };
      for (const [name, make] of Object.entries(lost)) {
        app.get(`/dms/api/v1/lost-${name}`, { config: { access: 'public' } }, async () => {
          throw make();
        });
      }
    });
  });
  afterAll(async () => t?.close());

  it.each(['admin-shutdown', 'terminated', 'typed'])(
    'answers 503 database_unavailable with Retry-After (%s)',
    async (name) => {
      const r = await t.call({ method: 'GET', url: `/dms/api/v1/lost-${name}` });
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.body).toEqual({
        error: { code: 'database_unavailable', message: 'The database is unavailable; retry shortly' },
      });
    },
  );
});
