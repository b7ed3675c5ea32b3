// @vitest-environment node
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * QA's commands in the README start: each is run from the repository's root as QA types it, with
 * `--list` (no build; each level lists its files or paths, and with --replay the machine level
 * runs the saved path), so a moved file or a renamed script turns `pnpm test` red instead of
 * waiting for QA to find it. The machine level's paths run in full in `@app/onboarding`'s own
 * tests; the full runs are `pnpm test:paths` and `pnpm test:paths:jsdom` themselves.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const REPLAY_FIXTURE = 'apps/web/e2e/fixtures/replay-role-step.json';

async function qa(...args: string[]): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)('pnpm', args, {
    cwd: root,
    // The command is QA's, not this suite's: a Vitest worker's own settings stay out of it; plain
    // text, no colours.
    env: {
      ...process.env,
      VITEST: undefined,
      VITEST_POOL_ID: undefined,
      VITEST_WORKER_ID: undefined,
      NODE_ENV: undefined,
      FORCE_COLOR: '0',
      NO_COLOR: '1',
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return `${stdout}\n${stderr}`;
}

// The four commands are separate processes that share nothing: they run side by side.
describe.concurrent("QA's path commands start", { timeout: 120_000 }, () => {
  it('pnpm test:paths finds the machine level files, the jsdom files and every Chromium path', async () => {
    const output = await qa('test:paths', '--list');
    expect(output).toContain('src/testing/model.test.ts');
    expect(output).toContain('2 machine level test files');
    expect(output).toMatch(/2 test files match src\/onboarding\/model-\*/);
    expect(output).toMatch(/\[desktop\] .* walk 1 \(/);
    expect(output).toMatch(/\[phone\] .* walk 1 \(/);
  });

  it('pnpm test:paths --replay finds the saved path', async () => {
    const output = await qa('test:paths', '--replay', REPLAY_FIXTURE, '--list');
    expect(output).toContain('[desktop] › model-paths.spec.ts');
    expect(output).toContain('replay (2 steps)');
    expect(output).toContain('Total: 2 tests in 1 file');
  });

  it('pnpm test:paths --replay of a file that is not a path fails before any level starts', async () => {
    const failure = await qa('test:paths', '--replay', 'package.json', '--list').then(
      () => null,
      (error: Error & { stdout: string; stderr: string }) => error,
    );
    expect(failure, 'the command should fail').not.toBeNull();
    expect(failure?.stderr).toMatch(/--replay: .*package\.json: expected a list of events/);
    expect(failure?.stdout).not.toMatch(/machine level|Chromium level/);
  });

  it('pnpm test:paths:jsdom finds its files', async () => {
    const output = await qa('test:paths:jsdom', '--list');
    expect(output).toContain('jsdom level (every path)');
    expect(output).toContain('src/onboarding/model-1.test.tsx');
  });
});
