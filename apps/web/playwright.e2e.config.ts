import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';

/**
 * The browser tests `pnpm test` runs (`pnpm --filter @app/web e2e`): the built app served by the
 * real site server, driven in Debian's Chromium, in two projects on one run:
 * - `browser`: the `*.e2e.test.ts` files;
 * - `paths`: the covering set of the onboarding model's Chromium walks at desktop width, axe once
 *   per state and path, pictures of failures only (QA's full run is `pnpm test:paths`, on
 *   `playwright.config.ts`).
 * Each worker starts its own site and tracker (`e2e/fixtures.ts`), so files and walks share no
 * data and the two workers run side by side.
 */
process.env.PATHS_AXE ??= 'new-states';
process.env.PATHS_SHOTS ??= 'failures';

export default defineConfig({
  testDir: './e2e',
  outputDir: join('reports', 'e2e'),
  // Screens settle in well under a second, but this machine is often busy with other work.
  expect: { timeout: 15_000 },
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list'], ['./e2e/model-report.ts']],
  // Recording a trace of every test costs the suite about a tenth of its time: ask for one with
  // `--trace on` when a failure needs it.
  use: { headless: true, launchOptions: CHROMIUM_LAUNCH, trace: 'off' },
  projects: [
    { name: 'browser', testMatch: /\.e2e\.test\.ts$/, timeout: 60_000, retries: 0 },
    {
      name: 'paths',
      testMatch: /model-paths\.spec\.ts$/,
      timeout: 300_000,
      // A walk that fails once and passes on its retry is reported as flaky in the paths report.
      retries: 1,
      fullyParallel: true,
    },
  ],
});
