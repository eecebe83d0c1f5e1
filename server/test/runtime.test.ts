import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};
const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const pinned = pkg.optionalDependencies[`node-linux-${arch}`]!;

describe('runtime', () => {
  it('pins one maintained LTS for every architecture the project installs', () => {
    const versions = new Set(
      Object.entries(pkg.optionalDependencies)
        .filter(([name]) => name.startsWith('node-linux-'))
        .map(([, v]) => v),
    );
    expect([...versions]).toEqual([pinned]);
    // Even majors from 22 on are LTS lines (22 until 2027-04, 24 until 2028-04).
    expect(semver.major(pinned) % 2).toBe(0);
    expect(semver.major(pinned)).toBeGreaterThanOrEqual(22);
    expect(semver.satisfies(pinned, pkg.engines.node)).toBe(true);
  });

  it('runs the tests on the pinned runtime, not the machine one', () => {
    expect(process.version).toBe(`v${pinned}`);
  });

  it("admits the pinned runtime in every installed dependency's engines range", () => {
    const refused: string[] = [];
    let checked = 0;
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // Platform packages of other systems (sharp's win32 builds...) are in the lock but never installed here.
      if (!where || !range || !existsSync(path.join(root, where))) continue;
      checked += 1;
      if (!semver.satisfies(pinned, range, { includePrerelease: true })) refused.push(`${where}: ${range}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(refused).toEqual([]);
  });
});
