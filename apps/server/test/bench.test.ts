import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * `pnpm bench`'s site part runs (against the builds `pnpm test` made first) and prints each of its
 * figures: the shortest load runs (half a second asked, a second run), no Lighthouse, the member's home and the first steps' taps (at 360 px) in Chromium unthrottled. The figures themselves are a measurement, never a
 * pass or a fail.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));

describe('the site benchmark', () => {
  it('runs and prints the proxy ratio, reads beside sign-ups, the reset medians and the member’s usable check-in', {
    timeout: 420_000,
  }, async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['bench/bench.mjs'], {
      cwd: serverDir,
      env: {
        ...process.env,
        BENCH_SECONDS: '0.5',
        BENCH_LIGHTHOUSE: '0',
        BENCH_THROTTLE: '0',
        BENCH_RESET_SAMPLES: '40',
        // Each control once, at the phone's width alone: the same code as at 1280 px.
        BENCH_TAP_WIDTHS: '360',
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stdout).toMatch(/proxy: proxy \/ bare hello'\s*│\s*'\d+\.\d\dx'/);
    for (const read of ['GET /api/proxy/teams', 'GET /']) {
      expect(stdout).toContain(`reads beside sign-ups: ${read}: p99 alone / beside 30 sign-ups`);
    }
    expect(stdout).toMatch(
      /reset request: POST \/api\/password-resets median: an account \/ no account'\s*│\s*'\d+\.\d \/ \d+\.\d ms'\s*│\s*'40 \+ 40 answered 202, 0 other; quartiles [\d.]+-[\d.]+ \/ [\d.]+-[\d.]+ ms; per pair an account took -?\d+\.\d\d ms more \(median\), longer in \d+ of 40'/,
    );
    expect(stdout).toMatch(
      /member: home at 360 px, not throttled: time to a usable check-in'\s*│\s*'\d+ ms \/ \d+ ms'/,
    );
    expect(stdout).toMatch(
      /phone taps: \/onboarding\/work\/role \(Continue, Employee ticked\) at 360 px'\s*│\s*'1\/1 acted on/,
    );
    expect(stdout).toContain('page /onboarding/work/role');
  });
});
