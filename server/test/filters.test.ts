import { filtersOf, sampleFilterValue } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModels } from '../src/core/model.js';
import { createTestApp, type TestApp } from './helper.js';

/**
 * The console offers only filters drawn from the shared declaration (filtersOf), each sending a value of
 * the shape sampleFilterValue gives; the server must accept every one of them for every resource.
 */
describe('filters the console offers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every resource answers 200 to each declared filter with a representative value', async () => {
    const admin = await t.as('ADMIN');
    const models = [...t.deps.engine.models.values()];
    expect(models.length).toBeGreaterThan(20);
    const refused: string[] = [];
    let tried = 0;
    for (const m of models) {
      for (const f of filtersOf(m.spec)) {
        const filter = JSON.stringify({ [f.source]: sampleFilterValue(f) });
        const res = await t.call({
          method: 'GET',
          url: `/${m.path}?perPage=1&filter=${encodeURIComponent(filter)}`,
          headers: admin,
        });
        tried++;
        if (res.status !== 200)
          refused.push(`${m.name} ${filter}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(refused).toEqual([]);
    expect(tried).toBeGreaterThan(100);
  });

  it('the domain name filter is a custom filter declared in shared, fed text', async () => {
    const domains = t.deps.engine.models.get('domains')!;
    expect(filtersOf(domains.spec).filter((f) => f.kind === 'custom')).toEqual([
      { source: 'name', kind: 'custom', value: 'text', label: 'Name' },
      { source: 'unicode_name', kind: 'custom', value: 'text', label: 'Name' },
      { source: 'nameservers', kind: 'custom', value: 'text', label: 'Nameserver' },
    ]);
    const admin = await t.as('ADMIN');
    const res = await t.call({
      method: 'GET',
      url: `/${domains.path}?filter=${encodeURIComponent(JSON.stringify({ name: { where_in: ['a'] } }))}`,
      headers: admin,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'bad_request', message: 'filter.name: expected text, got {"where_in":["a"]}' },
    });
  });

  it('refuses at start-up a custom filter that shared declares and the server does not implement', () => {
    const domains = t.deps.engine.models.get('domains')!;
    const others = [...t.deps.engine.models.values()]
      .filter((m) => m.name !== 'domains')
      .map((m) => m.source);
    expect(() => buildModels([...others, { ...domains.source, customFilters: {} }])).toThrow(
      'Resource "domains": custom filter "name" has no server implementation',
    );
    const extra = { ...domains.source.customFilters, punycode: () => null };
    expect(() => buildModels([...others, { ...domains.source, customFilters: extra }])).toThrow(
      'Resource "domains": custom filter "punycode" is not declared in shared customFilters',
    );
  });
});
