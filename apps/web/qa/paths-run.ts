import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names one run of the suite, so the model replay's parts can find each other's results. */
    pathsRunId: string;
  }
}

export default function setup(project: TestProject) {
  project.provide('pathsRunId', `${Date.now().toString(36)}-${process.pid}`);
}
