import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from './build';
import { startServer } from './server';
import { startLocalRunCloud } from './runcloud';
import { startLocalOpenAi } from './openai';
import { startLocalLaunch } from './launch';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    /** The launch wizard's local registrar control (e2e/setup/launch.ts). */
    launchControl: string;
  }
}

const admin = { email: 'e2e-admin@sitefleet.test', password: 'e2e-admin-password-42' };

/** Builds the console if needed, starts one server for the whole run, and stops it at the end. */
export default async function setup(project: TestProject) {
  ensureWebBuilt();
  const runcloud = await startLocalRunCloud();
  const openai = await startLocalOpenAi();
  const launch = await startLocalLaunch();
  const server = await startServer(admin, { ...runcloud.env, ...openai.env, ...launch.env });
  project.provide('baseURL', server.baseURL);
  project.provide('adminEmail', admin.email);
  project.provide('adminPassword', admin.password);
  project.provide('launchControl', launch.controlUrl);
  return async () => {
    await server.stop();
    await runcloud.close();
    await openai.close();
    await launch.close();
  };
}
