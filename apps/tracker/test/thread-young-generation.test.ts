import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TRACKER_YOUNG_GENERATION_MB } from '../src/thread.ts';

const site = fileURLToPath(new URL('./fixtures/young-generation/site.ts', import.meta.url));

describe("the tracker thread's young generation", () => {
  it("keeps its own limit when the site's command line sets a larger one", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--max-semi-space-size=16',
      '--import',
      'tsx',
      site,
    ]);
    const grown = JSON.parse(stdout.trim()) as { thread: number; site: number };
    // The thread's new space is at most its limit (two semi-spaces and V8's own share of it);
    // with the site's flag in force it grows to two semi-spaces of 16 MiB, 32 MiB.
    expect(grown.thread).toBeGreaterThan(0);
    expect(grown.thread).toBeLessThanOrEqual(TRACKER_YOUNG_GENERATION_MB);
    // The site's own thread keeps the limit it was started with.
    expect(grown.site).toBe(32);
  }, 60_000);
});
