import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from './build';
import { startServer } from './server';
import { startLocalRunCloud } from './runcloud';
import { startLocalOpenAi } from './openai';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const admin = { email: 'e2e-admin@sitefleet.test', password: 'e2e-admin-password-42' };

/** Builds the console if needed, starts one server for the whole run, and stops it at the end. */
export default async function setup(project: TestProject) {
  ensureWebBuilt();
  const runcloud = await startLocalRunCloud();
  const openai = await startLocalOpenAi();
  const server = await startServer(admin, { ...runcloud.env, ...openai.env });
  project.provide('baseURL', server.baseURL);
  project.provide('adminEmail', admin.email);
  project.provide('adminPassword', admin.password);
  return async () => {
    await server.stop();
    await runcloud.close();
    await openai.close();
  };
}
