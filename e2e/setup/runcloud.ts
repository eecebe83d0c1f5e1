import {
  demoRunCloudData,
  RUNCLOUD_TOKEN,
  startRunCloudServer,
} from '../../server/test/integrations/runcloud-server';

/**
 * The local RunCloud API (the server tests' one) serving the demo portfolio's RunCloud servers with the services
 * the demo seed stored, so the console's Details tab reads and restarts services against it, not the internet.
 */
export async function startLocalRunCloud() {
  const runcloud = await startRunCloudServer({ servers: demoRunCloudData() });
  return {
    env: { RUNCLOUD_API_TOKEN: RUNCLOUD_TOKEN, RUNCLOUD_BASE_URL: runcloud.baseUrl },
    close: () => runcloud.close(),
  };
}
