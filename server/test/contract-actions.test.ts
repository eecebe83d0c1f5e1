import { actions, actionPath, type ActionSpec } from '@sitefleet/shared';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionKey } from '../src/core/actions.js';
import { routeKind, type RegisteredRoute } from '../src/plugins/auth.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

const isAction = (value: unknown): value is ActionSpec => {
  const v = value as Partial<ActionSpec> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.method === 'string' &&
    typeof v.path === 'string' &&
    typeof v.access === 'string' &&
    typeof v.response === 'object'
  );
};

/** Every action declared in shared/src/actions, however deep it sits (artisan and heartbeats by service). */
function declaredActions(node: unknown, out: ActionSpec[] = []): ActionSpec[] {
  if (isAction(node)) out.push(node);
  else if (node && typeof node === 'object' && !('type' in node) && !('anyOf' in node) && !('enum' in node))
    for (const child of Object.values(node)) declaredActions(child, out);
  return out;
}

const DECLARED = declaredActions(actions);

/** The engine's own per-resource routes (core/routes.ts), which come from resource declarations. */
function isEngineRoute(t: TestApp, r: RegisteredRoute): boolean {
  for (const m of t.deps.engine.models.values()) {
    const base = `/${m.path}`;
    if ([base, `${base}/get-many`, `${base}/:id`, `${base}/:id/reveal`].includes(r.url)) return true;
    const nested = m.spec.nested;
    if (nested) {
      const under = `/${t.deps.engine.model(nested.parent).path}/:id/${nested.segment}`;
      if ([under, `${under}/:itemId`].includes(r.url)) return true;
    }
  }
  return false;
}

describe('declared actions', () => {
  it('are many and each is declared once', () => {
    const keys = DECLARED.map(actionKey);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe.each(DATABASES)('action contract on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every declared action is registered exactly once, with its access rule and permission kind', () => {
    for (const spec of DECLARED) {
      const key = actionKey(spec);
      const found = t.routes.filter((r) => r.method === spec.method && r.url === `/${spec.path}`);
      expect(found.length, `${key} registered`).toBe(1);
      const [route] = found;
      expect(
        {
          action: route!.action,
          access: route!.access,
          kind: route!.kind,
          borrowed: route!.borrowed,
        },
        key,
      ).toEqual({
        action: key,
        access: spec.access,
        kind: routeKind(spec.method, spec.kind),
        borrowed: Boolean(spec.permissionAs),
      });
    }
  });

  it('every route of the API comes from a resource or an action declaration', () => {
    const declared = new Set(DECLARED.map(actionKey));
    const stray = t.routes.filter(
      (r) =>
        !(r.action && declared.has(r.action)) &&
        !isEngineRoute(t, r) &&
        // the OpenAPI document and its browser (a plugin's routes)
        !r.url.startsWith('/api/docs'),
    );
    expect(stray.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('the actions a signed-in admin can read without input answer what their response schema says', async () => {
    const admin = await t.as('ADMIN');
    const readable = DECLARED.filter(
      (s) => s.method === 'GET' && !s.params && !s.query && s.produces === undefined,
    );
    expect(readable.length).toBeGreaterThan(8);
    for (const spec of readable) {
      const res = await t.app.inject({ method: 'GET', url: `/${actionPath(spec)}`, headers: admin });
      expect(res.statusCode, actionKey(spec)).toBe(spec.status ?? 200);
      const body: unknown = res.json();
      const problems = [...Value.Errors(spec.response, body)].map((e) => `${e.instancePath} ${e.message}`);
      expect(problems, actionKey(spec)).toEqual([]);
    }
  });

  it('version.txt answers plain text, the console build', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${actionPath(actions.system.version)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^\S+$/);
  });
});
