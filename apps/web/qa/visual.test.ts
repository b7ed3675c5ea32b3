// @vitest-environment node
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVisualSession, runVisualReview, type VisualSession } from './visual-review.ts';

/**
 * The visual review (`pnpm visual`) on the built app, on four states: a baseline is drawn, then the
 * theme's accent colour (the step's progress line, "Step 1 of 8") is changed for one run through
 * the command's `colours` option, and the review must report exactly the two states whose screens
 * show that line, with before, after and difference for each; drawn again unchanged, it reports
 * none.
 */

/** Two screens with the progress line, two without (the category choice and the No step). */
const STATES = ['category', 'role.choosing', 'matched.step.goal', 'matched.step.no.editing'];
const WITH_ACCENT = ['role.choosing', 'matched.step.goal'];
const ACCENT = { from: '#0f766e', to: '#c026d3' };

let dir: string;
let session: VisualSession;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'visual-review-'));
  session = await openVisualSession();
}, 60_000);
afterAll(async () => {
  await session?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the visual review', { timeout: 60_000 }, () => {
  it('reports exactly the states a changed theme colour reaches, and none once it is back', async () => {
    const baseline = join(dir, 'baseline');
    const report = join(dir, 'report');
    const options = { states: STATES, baseline, report, site: 'http://studio.test', session };

    const written = await runVisualReview({ ...options, update: true });
    expect(written.shots.map((shot) => shot.file).sort()).toEqual(
      STATES.flatMap((state) => [`${state}-1280.png`, `${state}-360.png`]).sort(),
    );

    const changed = await runVisualReview({ ...options, colours: [ACCENT] });
    expect(changed.changedStates).toEqual(WITH_ACCENT);
    expect(changed.unchangedStates).toEqual(['category', 'matched.step.no.editing']);
    expect(
      changed.changed.map((shot) => `${shot.state} ${shot.width} ${shot.reason}`).sort(),
    ).toEqual(
      WITH_ACCENT.flatMap((state) => [`${state} 1280 changed`, `${state} 360 changed`]).sort(),
    );
    const html = await readFile(join(report, 'index.html'), 'utf8');
    expect(html).toContain('4 states at 360 and 1280 px: 2 changed, 2 unchanged.');
    for (const state of WITH_ACCENT) {
      expect(html).toContain(`<section id="${state}">`);
      expect(html).toContain(`href="http://studio.test/statechart#${state}"`);
      for (const width of [360, 1280]) {
        for (const kind of ['before', 'after', 'diff']) {
          const image = `images/${state}-${width}.${kind}.png`;
          expect(html).toContain(`src="${image}"`);
          expect(existsSync(join(report, image))).toBe(true);
        }
      }
    }
    expect(html).not.toContain('<section id="category">');

    const reverted = await runVisualReview(options);
    expect(reverted.changed).toEqual([]);
    expect(reverted.unchangedStates).toEqual(STATES);
    expect(await readFile(join(report, 'index.html'), 'utf8')).toContain('No screen changed.');
  });

  it('refuses a colour the theme does not have', async () => {
    await expect(
      runVisualReview({
        states: ['category'],
        session,
        baseline: join(dir, 'none'),
        report: join(dir, 'none-report'),
        colours: [{ from: '#123456', to: '#000000' }],
      }),
    ).rejects.toThrow('no colour of the theme is #123456');
  });
});
