import { randomBytes } from 'node:crypto';
import { actions, actionPath, type ImportRowResult, type ImportSpec } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { Engine } from '../src/core/crud.js';
import { Importer } from '../src/core/imports.js';
import { buildModels } from '../src/core/model.js';
import { SecretBox } from '../src/core/secrets.js';
import type { JobEngine } from '../src/jobs/engine.js';
import { compileBodyCheck } from '../src/plugins/validation.js';
import { allResources } from '../src/services/registry.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

type Cells = Record<string, string>;
interface ImportAnswer {
  data: { dry_run: boolean; created: number; existing: number; errors: number; results: ImportRowResult[] };
  error?: { code: string; message: string };
}

const IMPORT = `/${actionPath(actions.imports.externalBacklinks)}`;
const LINKS = '/dms/api/v1/external-backlinks';
const DAY = 86_400;
const TARGET = 'https://import-guide.example/casino-bonuses/';

/**
 * The declared CSV import of the backlink ledger (issue 18): each row checked as the create checks a body
 * (SPEC §4 rules included), errors by column, rows already stored or repeated left alone, a dry run that
 * writes nothing, a commit that writes the whole file or nothing, and the create permission it needs.
 */
describe.each(DATABASES)('CSV import of external backlinks on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let websiteId: number;
  let otherId: number;

  const send = (rows: Cells[], dryRun = false, headers = admin) =>
    t.call<ImportAnswer>({
      method: 'POST',
      url: IMPORT,
      headers,
      payload: { rows, ...(dryRun ? { dry_run: true } : {}) },
    });
  const count = async () =>
    Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM external_backlinks')).rows[0]!.n);
  const snapshot = async () =>
    (
      await t.db.query(
        'SELECT id, backlink, url, website_id, version, updated_at FROM external_backlinks ORDER BY id',
      )
    ).rows;
  const website = async (url: string) => {
    const r = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url, target_market: 'UK', type: 'MONEY' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data.id;
  };
  const bought = (page: string, more: Cells = {}): Cells => ({
    backlink: `https://blog.publisher.example/${page}/`,
    url: TARGET,
    website: 'import-guide.example',
    anchor: 'casino bonuses',
    price: '250',
    currency: 'EUR',
    start_date: '2026-01-10',
    duration: '365',
    ...more,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
    websiteId = await website('https://www.import-guide.example');
    otherId = await website('https://other-guide.example');
  });
  afterAll(async () => t?.close());

  it('imports rows as creates would: SPEC §4 period, currency, rel, website by hostname, id or target URL', async () => {
    const res = await send([
      bought('one', {
        rel: 'Sponsored',
        price: '249,50',
        currency: 'eur',
        permanent: 'no',
        contact_name: 'Anna Berg',
        contact_email: 'Anna@Publisher.example',
      }),
      {
        backlink: 'https://blog.publisher.example/two/',
        url: TARGET,
        website: String(otherId),
        permanent: 'yes',
      },
      {
        backlink: 'https://blog.publisher.example/three/',
        url: 'https://www.import-guide.example/slots/',
        self_created: 'yes',
        anchor: 'slots',
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ dry_run: false, created: 3, existing: 0, errors: 0 });
    const ids = res.body.data.results.map((r) => r.id);
    const rows = await t.db.query<Record<string, unknown>>(
      `SELECT backlink, website_id, rel_attribute, price::float8 AS price, currency, permanent, self_created,
              start_date, duration, end_date, contact FROM external_backlinks WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    const start = Date.UTC(2026, 0, 10) / 1000;
    expect(
      rows.rows.map((r) => ({
        ...r,
        website_id: Number(r.website_id),
        start_date: r.start_date && Number(r.start_date),
        end_date: r.end_date && Number(r.end_date),
      })),
    ).toEqual([
      {
        backlink: 'https://blog.publisher.example/one/',
        website_id: websiteId,
        rel_attribute: 'sponsored',
        price: 249.5,
        currency: 'EUR',
        permanent: false,
        self_created: false,
        start_date: start,
        duration: 365,
        end_date: start + 365 * DAY,
        contact: { name: 'Anna Berg', email: 'anna@publisher.example' },
      },
      {
        backlink: 'https://blog.publisher.example/two/',
        website_id: otherId,
        rel_attribute: 'follow',
        price: null,
        currency: null,
        permanent: true,
        self_created: false,
        start_date: null,
        duration: null,
        end_date: null,
        contact: null,
      },
      {
        backlink: 'https://blog.publisher.example/three/',
        website_id: websiteId,
        rel_attribute: 'follow',
        price: null,
        currency: null,
        permanent: false,
        self_created: true,
        start_date: null,
        duration: null,
        end_date: null,
        contact: null,
      },
    ]);
    // The create's after-write hook ran: the anti-text diversity list counts the imported anchors.
    const words = await t.db.query<{ word: string }>(
      'SELECT word FROM anchor_word_stats WHERE website_id = $1 ORDER BY word',
      [websiteId],
    );
    expect(words.rows.map((w) => w.word)).toEqual(expect.arrayContaining(['bonuses', 'casino', 'slots']));
  });

  it('answers a field error by column for each kind of bad row, and writes none of them', async () => {
    const before = await count();
    const rows: Array<[Cells, Record<string, string>]> = [
      [bought('e1', { backlink: 'not a url' }), { backlink: 'Must be a url' }],
      [bought('e2', { currency: 'XYZ' }), { currency: 'Unknown currency: XYZ' }],
      [bought('e3', { website: 'nowhere.example' }), { website: 'Unknown website: nowhere.example' }],
      [bought('e4', { website: '999999' }), { website: 'Unknown website: 999999' }],
      [bought('e5', { url: '' }), { url: 'Required' }],
      [bought('e6', { permanent: 'yes' }), { duration: 'A permanent link has no duration' }],
      [
        bought('e7', { self_created: 'yes', contact_name: 'Bo' }),
        { contact_name: 'A self-created link has no contact' },
      ],
      [bought('e8', { start_date: '' }), { start_date: 'Enter when the paid period starts' }],
      [bought('e9', { start_date: '10/01/2026' }), { start_date: 'Must be a date as YYYY-MM-DD' }],
      [bought('e10', { price: 'lots' }), { price: 'Must be a number' }],
      [bought('e11', { currency: '' }), { currency: 'Pick the currency of the price' }],
      [
        bought('e12', { contact_email: 'nobody' }),
        { contact_email: 'Contact e-mail must be an e-mail address' },
      ],
      [bought('e13', { rel: 'dofollow' }), { rel: 'Must be one of: follow, nofollow, sponsored, ugc' }],
      [bought('e14', { duration: '0' }), { duration: 'Must be at least 1' }],
      [bought('e15', { permanent: 'maybe' }), { permanent: 'Must be yes or no' }],
      [
        bought('e16', { price: 'lots', currency: 'XYZ', url: '' }),
        { price: 'Must be a number', currency: 'Unknown currency: XYZ', url: 'Required' },
      ],
    ];
    for (const dryRun of [true, false]) {
      const res = await send(
        rows.map(([cells]) => cells),
        dryRun,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.results.map((r) => [r.status, r.fields])).toEqual(
        rows.map(([, fields]) => ['error', fields]),
      );
      expect(res.body.data).toMatchObject({ created: 0, errors: rows.length });
    }
    expect(await count()).toBe(before);
  });

  it('reports a row repeated in the file and a row already stored as existing, and imports the rest', async () => {
    const stored = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: LINKS,
      headers: admin,
      payload: {
        backlink: 'https://blog.publisher.example/stored/',
        url: TARGET,
        website_id: websiteId,
        rel_attribute: 'follow',
        permanent: true,
      },
    });
    expect(stored.status).toBe(201);
    const rows = [
      bought('fresh'),
      { backlink: 'https://blog.publisher.example/stored/', url: TARGET, permanent: 'yes' },
      bought('fresh', { anchor: 'another anchor, same link' }),
      bought('bad', { currency: 'XYZ' }),
    ];
    const preview = await send(rows, true);
    expect(preview.body.data.results.map((r) => [r.status, r.id, r.duplicate_of])).toEqual([
      ['created', null, null],
      ['exists', stored.body.data.id, null],
      ['exists', null, 0],
      ['error', null, null],
    ]);
    expect(preview.body.data.results[1]!.message).toBe('Already in the ledger');

    const before = await count();
    const res = await send(rows);
    expect(res.body.data).toMatchObject({ dry_run: false, created: 1, existing: 2, errors: 1 });
    const created = res.body.data.results[0]!.id!;
    expect(res.body.data.results.map((r) => [r.status, r.id])).toEqual([
      ['created', created],
      ['exists', stored.body.data.id],
      ['exists', created],
      ['error', null],
    ]);
    expect(await count()).toBe(before + 1);
  });

  it('is idempotent: the same file twice (even at once) creates nothing new and touches nothing', async () => {
    const rows = [bought('idem-1'), bought('idem-2', { permanent: 'yes', duration: '' }), bought('idem-3')];
    const [a, b] = await Promise.all([send(rows), send(rows)]);
    expect([a.body.data.created + b.body.data.created, a.body.data.existing + b.body.data.existing]).toEqual([
      3, 3,
    ]);
    const before = await snapshot();
    const again = await send(rows);
    expect(again.body.data).toMatchObject({ created: 0, existing: 3, errors: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('writes nothing in a dry run', async () => {
    const before = await snapshot();
    const res = await send([bought('dry-1'), bought('dry-2')], true);
    expect(res.body.data).toMatchObject({ dry_run: true, created: 2, existing: 0, errors: 0 });
    expect(res.body.data.results.map((r) => r.id)).toEqual([null, null]);
    expect(await snapshot()).toEqual(before);
  });

  it('writes nothing of the file when a row fails while it is written', async () => {
    await t.db.exec(`CREATE FUNCTION fail_import() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.anchor = 'explode' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER fail_import BEFORE INSERT ON external_backlinks FOR EACH ROW EXECUTE FUNCTION fail_import();`);
    try {
      const before = await snapshot();
      const res = await send([bought('boom-1'), bought('boom-2', { anchor: 'explode' }), bought('boom-3')]);
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('injected');
      expect(await snapshot()).toEqual(before);
    } finally {
      await t.db.exec('DROP TRIGGER fail_import ON external_backlinks; DROP FUNCTION fail_import();');
    }
  });

  it('needs the create permission of the ledger', async () => {
    const grant = async (role: string, perms: string[]) => {
      const headers = await t.as(role);
      await t.db.query(
        `UPDATE roles SET permissions = ARRAY(SELECT id FROM permissions WHERE method || ' ' || route = ANY($2::text[]))
          WHERE name = $1`,
        [role, perms],
      );
      t.deps.principals.clear();
      return headers;
    };
    const reader = await grant('LEDGER_READERS', [`GET ${LINKS}`, `GET ${LINKS}/:id`]);
    const writer = await grant('LEDGER_WRITERS', [`GET ${LINKS}`, `POST ${LINKS}`]);
    const before = await count();
    const refused = await send([bought('perm-1')], false, reader);
    expect(refused.status).toBe(403);
    expect((await send([bought('perm-1')], true, reader)).status).toBe(403);
    expect(await count()).toBe(before);
    const allowed = await send([bought('perm-1')], false, writer);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.data.created).toBe(1);
  });

  it('imports a file of the most rows allowed in one call', async () => {
    const max = actions.imports.externalBacklinks.import.maxRows;
    const rows = Array.from({ length: max }, (_, i) =>
      bought(`bulk-${i}`, {
        anchor: `bulk anchor ${i % 40}`,
        website: i % 2 ? 'import-guide.example' : String(otherId),
      }),
    );
    const started = Date.now();
    const res = await send(rows);
    const ms = Date.now() - started;
    expect(res.body.data).toMatchObject({ created: max, errors: 0 });
    expect(ms).toBeLessThan(30_000);
  });

  it('refuses a file over the declared size and columns it does not declare', async () => {
    const max = actions.imports.externalBacklinks.import.maxRows;
    const big = await send(
      Array.from({ length: max + 1 }, (_, i) => bought(`big-${i}`)),
      true,
    );
    expect([big.status, JSON.stringify(big.body)]).toEqual([422, expect.stringContaining('"rows"')]);
    const odd = await send([{ ...bought('odd'), end_date: '2027-01-10' }], true);
    expect([odd.status, JSON.stringify(odd.body)]).toEqual([422, expect.stringContaining('Unknown field')]);
  });
});

describe('an import declaration', () => {
  const noJobs = (): JobEngine => {
    throw new Error('no jobs here');
  };
  const engine = new Engine(
    buildModels(allResources(loadConfig({}, { logLevel: 'silent' }), noJobs)),
    new SecretBox(randomBytes(32)),
  );
  const spec = actions.imports.externalBacklinks.import;
  const build = (changed: Partial<ImportSpec>) =>
    new Importer(engine, engine.model(spec.resource.name), { ...spec, ...changed }, compileBodyCheck);

  it('is checked against its resource at start-up', () => {
    expect(() => build({})).not.toThrow();
    expect(() =>
      build({ columns: { ...spec.columns, end: { header: 'End date', field: 'end_date' } } }),
    ).toThrow('Import of external-backlinks: column end fills end_date, which is no writable field');
    expect(() =>
      build({ columns: { ...spec.columns, who: { header: 'Contact', field: 'contact' } } }),
    ).toThrow('only a key of a JSON field can be imported');
    expect(() =>
      build({
        columns: { ...spec.columns, anchor: { header: 'Anchor', field: 'anchor', lookup: { field: 'x' } } },
      }),
    ).toThrow('column anchor has a lookup but fills no reference');
    expect(() =>
      build({
        columns: {
          ...spec.columns,
          website: { header: 'Website', field: 'website_id', lookup: { field: 'nope' } },
        },
      }),
    ).toThrow('column website looks websites up by nope, which it does not have');
    expect(() => build({ key: ['contact'] })).toThrow('key field contact is no text, number or reference');
  });
});
