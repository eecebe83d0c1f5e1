import { actions, readImportFile } from '@sitefleet/shared';
import type { Target } from './targets.js';

export interface ImportFigures {
  rows: number;
  /** Parse (as the console does) + one import call, first time: every row is new. */
  firstMs: number;
  imported: number;
  /** The same file again: nothing changes. */
  secondMs: number;
  existing: number;
}

async function importOnce(engine: Target, headers: Record<string, string>, csv: string) {
  const started = performance.now();
  const rows = readImportFile(actions.imports.domains.import, csv).rows.map((r) => r.cells);
  const res = await fetch(`${engine.origin}/dms/api/v1/domains/import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  const body = (await res.json()) as { data?: { created: number; existing: number } };
  if (res.status !== 200 || !body.data)
    throw new Error(`import failed (${res.status}): ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, imported: body.data.created, existing: body.data.existing };
}

/** Times the import of a generated 10,000-row CSV file, then the same file again. */
export async function benchImport(
  engine: Target,
  headers: Record<string, string>,
  rows = 10_000,
): Promise<ImportFigures> {
  const lines = [
    'Name;Notes',
    ...Array.from({ length: rows }, (_, i) => `import-${i}.bench-portfolio.com;Bought in batch ${i % 17}`),
  ];
  const csv = lines.join('\n');
  const first = await importOnce(engine, headers, csv);
  const second = await importOnce(engine, headers, csv);
  return {
    rows,
    firstMs: first.ms,
    imported: first.imported,
    secondMs: second.ms,
    existing: second.existing,
  };
}
