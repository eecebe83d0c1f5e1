import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SETTINGS, openPglite } from './pglite.js';

describe('the embedded database on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitefleet-pglite-'));
  const dataDir = path.join(dir, 'pg');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is created on first open, runs with the small settings, and opens again with its data', async () => {
    const db = await openPglite(dataDir);
    try {
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      for (const [name, value] of Object.entries(EMBEDDED_SETTINGS)) {
        const shown = await db.query<Record<string, string>>(`SHOW ${name}`);
        expect(shown.rows[0]?.[name], name).toBe(value);
      }
      await db.exec('CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (7);');
    } finally {
      await db.close();
    }
    const again = await openPglite(dataDir);
    try {
      expect((await again.query<{ id: number }>('SELECT id FROM kept')).rows).toEqual([{ id: 7 }]);
    } finally {
      await again.close();
    }
  });
});
