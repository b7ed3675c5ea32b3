import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';

/**
 * The browser tests (`pnpm --filter @app/web e2e`): the built app served by the real site server,
 * driven in Debian's Chromium. The onboarding model's paths have their own configuration
 * (`playwright.config.ts`) on the same runner.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: /\.e2e\.test\.ts$/,
  globalSetup: './e2e/global-setup.ts',
  outputDir: join('reports', 'e2e'),
  timeout: 60_000,
  // Screens settle in well under a second, but this machine is often busy with other work.
  expect: { timeout: 15_000 },
  // One site and one tracker for the whole run: files share its seeded teams, so they take turns.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Recording a trace of every test costs the suite about a tenth of its time: ask for one with
  // `--trace on` when a failure needs it.
  use: { headless: true, launchOptions: CHROMIUM_LAUNCH, trace: 'off' },
});
