import { afterEach, describe, expect, it, vi } from 'vitest';
import { actions, type ActionResponse } from '@sitefleet/shared';
import { CONTRACT_BROKEN, mockFetch, onAction } from '../test/fetchMock';
import { dataProvider, prefetchList } from './dataProvider';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('data provider (ARCHITECTURE §3 wire contract)', () => {
  it('lists with sortBy, sortOrder, page, perPage and a JSON filter without empty values', async () => {
    const calls = mockFetch({
      'GET /dms/api/v1/tags': () => ({ body: { data: [{ id: 1 }], meta: { total: 40 } } }),
    });
    const res = await dataProvider.getList('dms/api/v1/tags', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: { name: 'a', empty: '', hostname: { where_in: ['x'] } },
    });
    expect(res).toEqual({ data: [{ id: 1 }], total: 40, meta: { totalKind: 'exact' } });
    expect(calls[0]!.path).toBe('/dms/api/v1/tags');
    const url = new URL(String(vi.mocked(fetch).mock.calls[0]![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      perPage: '25',
      sortBy: 'name',
      sortOrder: 'DESC',
      filter: JSON.stringify({ name: 'a', hostname: { where_in: ['x'] } }),
    });
  });

  it('hands the list page read ahead at start-up to the list that asks for that query, once', async () => {
    let answered = 0;
    mockFetch({
      'GET /dms/api/v1/websites': () => ({ body: { data: [{ id: ++answered }], meta: { total: 1 } } }),
    });
    prefetchList('dms/api/v1/websites', 'perPage=100&page=1', false);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    const sent = new URL(String(vi.mocked(fetch).mock.calls[0]![0]), 'http://x');
    // the address's page size over the resource's default sort, as the list will ask
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      page: '1',
      perPage: '100',
      sortBy: 'updated_at',
      sortOrder: 'DESC',
    });
    const query = {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'updated_at', order: 'DESC' as const },
    };
    const first = await dataProvider.getList('dms/api/v1/websites', { ...query, filter: {} });
    expect(first.data).toEqual([{ id: 1 }]);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    // taken once: the next read of the same page goes to the server
    const again = await dataProvider.getList('dms/api/v1/websites', { ...query, filter: {} });
    expect(again.data).toEqual([{ id: 2 }]);
  });

  it('reads nothing ahead when the list would use stored parameters, and ignores another query', async () => {
    mockFetch({
      'GET /dms/api/v1/websites': (_, url) => ({
        body: { data: [{ id: Number(url.searchParams.get('perPage')) }], meta: { total: 1 } },
      }),
    });
    prefetchList('dms/api/v1/websites', '', true);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    prefetchList('dms/api/v1/websites', 'perPage=50', false);
    const other = await dataProvider.getList('dms/api/v1/websites', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'updated_at', order: 'DESC' },
      filter: {},
    });
    expect(other.data).toEqual([{ id: 25 }]);
  });

  it('asks for the next and previous page by cursor, and counts exactly when asked', async () => {
    const sent: Array<Record<string, string>> = [];
    mockFetch({
      'GET /dms/api/v1/domains': (_, url) => {
        sent.push(Object.fromEntries(url.searchParams));
        const page = Number(url.searchParams.get('page'));
        const cursors = { first: `f${page}`, last: `l${page}` };
        return { body: { data: [{ id: page }], meta: { total: 150_000, totalKind: 'estimate', cursors } } };
      },
    });
    const read = (page: number) =>
      dataProvider.getList('dms/api/v1/domains', {
        pagination: { page, perPage: 25 },
        sort: { field: 'name', order: 'ASC' },
        filter: { name: 'cursor-test' },
      });
    expect(await read(1)).toEqual({ data: [{ id: 1 }], total: 150_000, meta: { totalKind: 'estimate' } });
    await read(2);
    await read(1);
    await read(5);
    dataProvider.countExactly('dms/api/v1/domains');
    await read(5);
    expect(sent.map(({ page, after, before, exact }) => ({ page, after, before, exact }))).toEqual([
      { page: '1', after: undefined, before: undefined, exact: undefined },
      { page: '2', after: 'l1', before: undefined, exact: undefined },
      { page: '1', after: undefined, before: 'f2', exact: undefined },
      { page: '5', after: undefined, before: undefined, exact: undefined },
      { page: '5', after: undefined, before: undefined, exact: 'true' },
    ]);
  });

  it('updates with PUT and the record version', async () => {
    const calls = mockFetch({
      'PUT /dms/api/v1/tags/3': () => ({ body: { data: { id: 3, name: 'b', version: 2 } } }),
    });
    await dataProvider.update('dms/api/v1/tags', {
      id: 3,
      data: { id: 3, name: 'b', version: 1, created_at: 1 },
      previousData: { id: 3, name: 'a', version: 1 },
    });
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ name: 'b', version: 1 });
  });

  it('updates monitors with PATCH carrying only the changed fields and the version', async () => {
    const calls = mockFetch({
      'PATCH /umms/api/v1/monitors/4': () => ({ body: { data: { id: 4, retries: 3, version: 3 } } }),
    });
    const before = {
      id: 4,
      url: 'https://a.example/',
      type: 'http',
      retries: 1,
      alert_emails: ['a@b.example'],
      version: 2,
    };
    await dataProvider.update('umms/api/v1/monitors', {
      id: 4,
      data: { ...before, retries: 3, alert_emails: ['a@b.example'] },
      previousData: before,
    });
    expect(calls[0]!.init!.method).toBe('PATCH');
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ retries: 3, version: 2 });
  });

  it('deletes many with ?ids=', async () => {
    mockFetch({
      'DELETE /dms/api/v1/tags': (_, url) => ({
        body: { data: url.searchParams.get('ids')!.split(',').map(Number) },
      }),
    });
    expect(await dataProvider.deleteMany('dms/api/v1/tags', { ids: [1, 2] })).toEqual({ data: [1, 2] });
  });

  it('reads references with get-many, for every role (the server checks the list permission)', async () => {
    const calls = mockFetch({
      'POST /ums/api/v1/roles/get-many': (init) => ({
        body: { data: (JSON.parse(String(init?.body)) as { ids: number[] }).ids.map((id) => ({ id })) },
      }),
    });
    expect((await dataProvider.getMany('ums/api/v1/roles', { ids: [1, 2] })).data).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /ums/api/v1/roles/get-many']);
  });

  it('reveals one secret field with POST /{id}/reveal', async () => {
    const calls = mockFetch({
      'POST /dms/api/v1/envs/3/reveal': () => ({ body: { data: { value: 's3cret' } } }),
    });
    expect(await dataProvider.reveal('dms/api/v1/envs', 3, 'secret_value')).toBe('s3cret');
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ field: 'secret_value' });
  });

  it('merges with ?ids= and returns the meta (moved domains)', async () => {
    mockFetch(
      onAction(actions.dms.mergeRegistrars, { id: '1' }, (_, url) => ({
        body: {
          data: { id: 1, registrar: 'Kept' },
          meta: { moved_domains: url.searchParams.get('ids') === '2,3' ? 4 : 0 },
        },
      })),
    );
    expect(await dataProvider.merge('dms/api/v1/registrars', 1, [2, 3])).toEqual({
      data: { id: 1, registrar: 'Kept' },
      meta: { moved_domains: 4 },
    });
    await expect(dataProvider.merge('dms/api/v1/tags', 1, [2])).rejects.toThrow('has no merge action');
  });

  it('refreshes a record with both output lists', async () => {
    const answer = { job_output: [{ output: { message: 'DNS: ok' } }], failed_job_output: [] };
    mockFetch(onAction(actions.dms.refreshDomain, { id: '7' }, () => ({ body: { data: answer } })));
    expect(await dataProvider.refresh('dms/api/v1/domains', 7)).toEqual(answer);
  });

  it('refuses a mocked refresh answer that lacks what the server always sends', async () => {
    mockFetch(
      onAction(actions.dms.refreshDomain, { id: '7' }, () => ({
        body: { data: { job_output: [] } } as unknown as ActionResponse<typeof actions.dms.refreshDomain>,
      })),
    );
    await expect(dataProvider.refresh('dms/api/v1/domains', 7)).rejects.toMatchObject({
      status: CONTRACT_BROKEN,
      message: expect.stringContaining('failed_job_output') as unknown,
    });
  });

  it("lists a service's artisan commands", async () => {
    const command = {
      command: 'cron:prune',
      description: 'Prune old runs',
      arguments: [{ name: 'days', label: 'Days', kind: 'integer' as const, min: 1 }],
      schedule: '0 3 * * *',
      next_run: 1_700_000_000,
      last_run: null,
    };
    mockFetch(onAction(actions.jobs.artisan.umms.list, null, () => ({ body: { data: [command] } })));
    expect(await dataProvider.listCommands('umms')).toEqual([command]);
  });

  it('runs a command with its arguments and resolves to the cron run id', async () => {
    const calls = mockFetch(
      onAction(actions.jobs.artisan.dms.run, null, () => ({ body: { data: { id: 41 }, cron_id: 41 } })),
    );
    expect(await dataProvider.runCommand('dms', 'cron:prune', { days: 30 })).toBe(41);
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({
      command: 'cron:prune',
      arguments: { days: 30 },
    });
  });

  it('runs the checkers and resolves to the id of the run each started', async () => {
    const calls = mockFetch({
      ...onAction(actions.dms.deindexChecker, null, () => ({ body: { cron_id: 8, data: { id: 8 } } })),
      ...onAction(actions.dms.keywordChecker, null, () => ({ body: { cron_id: 9, data: { id: 9 } } })),
    });
    const deindex = { domains: 'a.com,b.com', domain_delimiter: 'comma' } as const;
    expect(await dataProvider.runChecker('deindex', deindex)).toBe(8);
    expect(
      await dataProvider.runChecker('keyword', {
        keywords: 'paid post',
        keyword_delimiter: 'newline',
        pages: 'http://a.com/',
        page_delimiter: 'newline',
      }),
    ).toBe(9);
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual(deindex);
    expect(calls.map((c) => c.path)).toEqual([
      '/dms/api/v1/backlinks/deindex-checker',
      '/dms/api/v1/backlinks/keyword-checker',
    ]);
  });

  it('scans a website and checks a monitor now', async () => {
    const calls = mockFetch({
      ...onAction(actions.dms.scanWebsite, { id: '7' }, () => ({ body: { cron_id: 12, data: { id: 12 } } })),
      ...onAction(actions.umms.checkMonitor, { id: '4' }, () => ({
        body: { data: { check_requested_at: 1_700_000_000 } },
      })),
    });
    expect(await dataProvider.scanWebsite(7)).toBe(12);
    await dataProvider.checkMonitor(4);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /dms/api/v1/websites/7/scan',
      'POST /umms/api/v1/monitors/4/check',
    ]);
  });

  it('reads the spread of the sites', async () => {
    const spread = {
      totals: {
        ips: 1,
        sites: 2,
        sites_without_ip: 0,
        subnets24: 1,
        subnets16: 1,
        flagged24: 1,
        flagged16: 1,
      },
      subnets24: [
        {
          subnet: '10.0.0.0/24',
          ips: 1,
          sites: 2,
          site_ids: [1, 2],
          providers: ['Hetzner'],
          locations: [],
          flagged: true,
        },
      ],
      subnets16: [],
      providers: [{ name: 'Hetzner', ips: 1, sites: 2, share: 1 }],
      locations: [],
    };
    mockFetch(onAction(actions.dms.ipDiversity, null, () => ({ body: { data: spread } })));
    expect(await dataProvider.ipDiversity()).toEqual(spread);
  });

  it("reads a service's heartbeat without sending the session", async () => {
    const calls = mockFetch(
      onAction(actions.system.heartbeat.umms, null, () => ({
        body: { data: 1_700_000_000, node: 'v24.21.0' },
      })),
    );
    expect(await dataProvider.heartbeat('umms')).toBe(1_700_000_000);
    expect(calls[0]!.init!.headers).not.toHaveProperty('Authorization');
  });

  it('turns a refused run into an HttpError carrying the field errors', async () => {
    mockFetch({
      ...onAction(actions.jobs.artisan.dms.run, null, () => ({
        status: 422,
        body: {
          error: { code: 'validation_failed', message: 'Invalid', fields: { 'arguments.days': 'Too big' } },
        },
      })),
    });
    await expect(dataProvider.runCommand('dms', 'cron:prune', { days: 1e6 })).rejects.toMatchObject({
      status: 422,
      message: 'Invalid',
      body: { errors: { 'arguments.days': 'Too big' } },
    });
  });
});
