import { parentPort, workerData } from 'node:worker_threads';
import { startWordPressFake, type FakeSiteConfig } from '../test/support/wordpress-fake.js';

export interface FakeFleetData {
  sites: Array<{ name: string; config: FakeSiteConfig }>;
}

/**
 * The fleet's WordPress sites, served from their own thread as remote sites would be from their own machines:
 * posts the origin, closes on 'close'.
 */
async function main({ sites }: FakeFleetData): Promise<void> {
  const fake = await startWordPressFake('127.0.0.1');
  for (const s of sites) fake.addSite(s.name, s.config);
  parentPort!.postMessage({ origin: fake.origin });
  parentPort!.on('message', (message: unknown) => {
    if (message === 'close') void fake.close().then(() => parentPort!.close());
  });
}

void main(workerData as FakeFleetData);
