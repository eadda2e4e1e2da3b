import type { TestProject } from 'vitest/node';
import { startTestCluster } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export async function setup(project: TestProject) {
  const cluster = await startTestCluster('api');
  project.provide('adminDatabaseUrl', cluster.adminUrl);
  project.provide('templateDatabase', cluster.template);
  return () => cluster.stop();
}
