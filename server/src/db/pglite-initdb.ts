import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates the embedded database in dataDir (initdb) in a short-lived child process. Done in this process,
 * initdb runs a second PostgreSQL instance beside the real one and its freed memory stays in the process's
 * malloc heap (about 90 MB of resident memory for good); a child process returns all of it on exit.
 * Does nothing when the database already exists.
 */
export async function initdbApart(dataDir: string, startParams: string[]): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const script = `
    const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
    const [dataDir, startParams] = JSON.parse(process.argv[1]);
    const pg = await PGlite.create({ dataDir, startParams });
    await pg.close();`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify([dataDir, startParams])],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dataDir} failed: ${stderr.trim()}`);
}
