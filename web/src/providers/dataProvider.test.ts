import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { cronIdOf, dataProvider } from './dataProvider';

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
    expect(res).toEqual({ data: [{ id: 1 }], total: 40 });
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
    mockFetch({
      'POST /dms/api/v1/registrars/1/merge': (_, url) => ({
        body: { data: { id: 1 }, meta: { moved_domains: url.searchParams.get('ids') === '2,3' ? 4 : 0 } },
      }),
    });
    expect(await dataProvider.merge('dms/api/v1/registrars', 1, [2, 3])).toEqual({
      data: { id: 1 },
      meta: { moved_domains: 4 },
    });
  });

  it('refreshes a record and always returns both output lists', async () => {
    mockFetch({
      'GET /dms/api/v1/domains/7/refresh': () => ({
        body: { data: { job_output: [{ output: { message: 'DNS: ok' } }] } },
      }),
    });
    expect(await dataProvider.refresh('dms/api/v1/domains', 7)).toEqual({
      job_output: [{ output: { message: 'DNS: ok' } }],
      failed_job_output: [],
    });
  });

  it("lists a service's artisan commands", async () => {
    mockFetch({
      'GET /umms/api/v1/artisan': () => ({ body: { data: [{ command: 'cron:prune', arguments: [] }] } }),
    });
    expect((await dataProvider.listCommands('umms')).map((c) => c.command)).toEqual(['cron:prune']);
  });

  it('runs a command with its arguments and resolves to the cron run id', async () => {
    const calls = mockFetch({
      'POST /dms/api/v1/artisan': () => ({ body: { data: { id: 3 }, cron_id: 41 } }),
    });
    expect(await dataProvider.runCommand('dms', 'cron:prune', { days: 30 })).toBe(41);
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({
      command: 'cron:prune',
      arguments: { days: 30 },
    });
  });

  it('runs the checkers: the deindex checker answers data.id, the keyword checker cron_id', async () => {
    const calls = mockFetch({
      'POST /dms/api/v1/backlinks/deindex-checker': () => ({ body: { data: { id: 8 } } }),
      'POST /dms/api/v1/backlinks/keyword-checker': () => ({ body: { cron_id: 9, data: { id: 90 } } }),
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
  });

  it('scans a website and reads cron_id (or cron.id)', async () => {
    mockFetch({ 'POST /dms/api/v1/websites/7/scan': () => ({ body: { cron_id: 12 } }) });
    expect(await dataProvider.scanWebsite(7)).toBe(12);
    expect(cronIdOf({ cron: { id: 5 } })).toBe(5);
    expect(() => cronIdOf({})).toThrow();
  });

  it('turns a refused run into an HttpError carrying the field errors', async () => {
    mockFetch({
      'POST /dms/api/v1/artisan': () => ({
        status: 422,
        body: {
          error: { code: 'validation_failed', message: 'Invalid', fields: { 'arguments.days': 'Too big' } },
        },
      }),
    });
    await expect(dataProvider.runCommand('dms', 'cron:prune', { days: 1e6 })).rejects.toMatchObject({
      status: 422,
      message: 'Invalid',
      body: { errors: { 'arguments.days': 'Too big' } },
    });
  });
});
