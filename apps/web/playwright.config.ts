import { join } from 'node:path';
import { reportDir } from '@app/statechart-tools/testing';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';

/**
 * The onboarding model's paths in Chromium (`pnpm test:paths` at the root; `pnpm --filter
 * @app/web paths` here). Debian's Chromium, never a downloaded one. `PATHS_SET=full` adds the
 * phone-sized run to the desktop one. Each worker starts its own site (`e2e/fixtures.ts`). The
 * covering set `pnpm test` runs is a project of `playwright.e2e.config.ts`.
 */
const reports = reportDir();
const full = process.env.PATHS_SET === 'full';

export default defineConfig({
  testDir: './e2e',
  testMatch: /model-paths\.spec\.ts$/,
  outputDir: join(reports, 'test-results'),
  timeout: 300_000,
  retries: process.env.PATHS_REPLAY ? 0 : 1,
  workers: Number(process.env.PATHS_WORKERS ?? 2),
  fullyParallel: true,
  reporter: [
    ['list'],
    ['html', { outputFolder: join(reports, 'playwright'), open: 'never' }],
    ['./e2e/model-report.ts'],
  ],
  use: {
    headless: process.env.PATHS_HEADED !== '1',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'desktop' }, ...(full ? [{ name: 'phone' }] : [])],
});
