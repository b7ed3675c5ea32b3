import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suite runs on embedded PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set
 * (CI sets it): each test file on a copy of a migrated, seeded template (a PGlite directory, or a
 * PostgreSQL database of its own), or on an empty schema for the tests of a first start.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The files run in a shuffled order (each file sets up what it tests, so none may depend on
 * another having run first); Vitest prints the seed, and TEST_SEED=N repeats that order.
 */
const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 1_000_000));

/** `items` in an order drawn from `from` alone (mulberry32 and Fisher-Yates). */
function shuffled<T>(items: readonly T[], from: number): T[] {
  let state = from >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The files of each project in a shuffled order, one project's after the other's. Vitest keeps a
 * worker for the next file only when that file is of the worker's own project; files of both
 * projects shuffled together made it end a worker at about every other file and start another,
 * which loads the tracker again (1.5 to 3.5 s of processor time each: 57 workers for 118 files,
 * 117 s of the 278 s the files took outside their tests). In blocks, each project starts its
 * workers once, and the PostgreSQL files start as the last PGlite ones end.
 */
class ProjectBlocks extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byName = (a: TestSpecification, b: TestSpecification) =>
      a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0;
    const projects = [...new Set(files.map((file) => file.project.name))].sort();
    return projects.flatMap((name) =>
      shuffled(files.filter((file) => file.project.name === name).sort(byName), seed),
    );
  }
}

export default defineConfig({
  test: {
    // A worker runs its files one after another in one module graph instead of loading the
    // tracker afresh for each (Fastify, drizzle and PGlite's WebAssembly, about 100 times with
    // both databases): 95 s of processor time instead of 177 s for the PGlite half. Each file
    // still builds its own tracker on a database or schema of its own, no test sets process.env,
    // and fake timers are put back in a finally, so nothing a file leaves behind reaches the next.
    isolate: false,
    // One worker a core. Both projects on two cores, measured one after the other (processor
    // time / wall time): one worker 365 s / 398 s; two 410 s / 278 s and 401 s / 275 s; four
    // 660 s / 411 s and 545 s / 342 s. Each worker loads the tracker once a project (above), so
    // four load it twice as often as two, and four crowd two cores: they cost more processor
    // time and ended later.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { shuffle: { files: true, tests: false }, seed, sequencer: ProjectBlocks },
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'pglite', env: { TEST_DATABASE_URL: '' } } },
      ...(onPostgres
        ? [{ extends: true as const, test: { name: 'postgres', include: ['test/**/*.test.ts'] } }]
        : []),
    ],
  },
});
