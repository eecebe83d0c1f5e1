import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

interface Edge {
  /** Importing file, relative to server/src: `core/crud.ts`. */
  from: string;
  /** Imported file, relative to server/src (without extension change: `.js` as written maps to `.ts`). */
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every relative import and re-export of server/src, as the TypeScript scanner reads them. */
function importEdges(): Edge[] {
  return sourceFiles(SRC).flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({
        from: path.relative(SRC, file),
        to: path.relative(SRC, path.resolve(path.dirname(file), spec)).replace(/\.js$/, '.ts'),
      }));
  });
}

const layerOf = (file: string): string => file.split(path.sep)[0]!;

/** The rules layers follow: each answers a message for an edge that breaks it. */
const RULES: Array<(e: Edge) => string | null> = [
  (e) =>
    layerOf(e.from) === 'core' && ['services', 'plugins', 'monitoring', 'jobs'].includes(layerOf(e.to))
      ? `the engine (core) imports ${e.to}`
      : null,
  (e) =>
    layerOf(e.from) === 'core' && (e.to === 'deps.ts' || e.to === 'app.ts' || e.to === 'bootstrap.ts')
      ? `the engine (core) imports the application (${e.to})`
      : null,
  (e) =>
    layerOf(e.from) === 'plugins' && layerOf(e.to) === 'services'
      ? `infrastructure (plugins) imports a service (${e.to})`
      : null,
  // Services use monitoring (check types, uptime maths); monitoring reaches services through interfaces.
  (e) =>
    layerOf(e.from) === 'monitoring' && layerOf(e.to) === 'services'
      ? `monitoring imports a service (${e.to}); give it an interface instead`
      : null,
  (e) =>
    layerOf(e.from) === 'monitoring' && e.to === 'deps.ts'
      ? 'monitoring imports the application dependencies (deps.ts), and through them every service'
      : null,
];

function violations(edges: Edge[]): string[] {
  return edges.flatMap((e) =>
    RULES.map((rule) => rule(e))
      .filter((m): m is string => m !== null)
      .map((m) => `${e.from}: ${m}`),
  );
}

describe('layers point one way', () => {
  const edges = importEdges();

  it('reads the imports of the whole server', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual({ from: path.join('core', 'crud.ts'), to: path.join('core', 'sql.ts') });
  });

  it('finds a forbidden import when there is one', () => {
    const made = (from: string, to: string) => ({
      from: from.split('/').join(path.sep),
      to: to.split('/').join(path.sep),
    });
    expect(violations([made('core/crud.ts', 'services/nms/alerts.ts')])).toEqual([
      `${made('core/crud.ts', '').from}: the engine (core) imports ${made('services/nms/alerts.ts', '').from}`,
    ]);
    expect(violations([made('core/routes.ts', 'deps.ts')])).toHaveLength(1);
    expect(violations([made('plugins/auth.ts', 'services/ums/principal.ts')])).toHaveLength(1);
    expect(violations([made('monitoring/monitor-repository.ts', 'services/nms/alerts.ts')])).toHaveLength(1);
    expect(violations([made('services/umms/monitors.ts', 'monitoring/uptime.ts')])).toEqual([]);
  });

  it('keeps the engine free of services and the application, and infrastructure free of services', () => {
    expect(violations(edges)).toEqual([]);
  });

  it('has no import cycle between monitoring and the services', () => {
    const crosses = (a: string, b: string) => edges.some((e) => layerOf(e.from) === a && layerOf(e.to) === b);
    expect(crosses('services', 'monitoring')).toBe(true);
    expect(crosses('monitoring', 'services')).toBe(false);
  });
});
