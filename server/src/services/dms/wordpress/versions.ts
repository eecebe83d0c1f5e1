/**
 * Compares WordPress-style version strings as `version_compare` does for the common forms: numeric parts
 * compared as numbers (6.10 > 6.9), a missing part is 0 (6.4 == 6.4.0), and a pre-release suffix
 * (6.5-beta1, 6.5-RC2) sorts before the release. Answers <0, 0 or >0.
 */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [main = '', pre = ''] = v.trim().split(/-(.*)/s);
    return { parts: main.split('.').map((p) => Number.parseInt(p, 10) || 0), pre: pre.toLowerCase() };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre === y.pre) return 0;
  if (!x.pre) return 1;
  if (!y.pre) return -1;
  return x.pre < y.pre ? -1 : 1;
}
