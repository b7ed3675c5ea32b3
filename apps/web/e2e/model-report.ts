import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  type CoverageFigures,
  type CoverageFile,
  coverageFigures,
  emptyCoverage,
  feasiblePairs,
  formatCoverage,
  formatPairs,
  LEVELS,
  type LevelCoverage,
  missingStates,
  missingTransitions,
  pairCoverage,
  reportDir,
  writeCoverage,
} from '@app/onboarding/testing';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { PathRecord } from './model-paths.spec.ts';
import { loadWalks, PAIRS_SHARE, walkSet } from './model-walks-cache.ts';

/**
 * The QA report of the Chromium paths: `reports/paths/index.html` with the coverage table of
 * every level, the failures first (each with its replay file and the model's shortest path to the
 * failing step), flaky paths (failed, then passed on retry), axe findings, and every path as a
 * filmstrip: one picture per step with the event that led to it, the state and the URL. It also
 * records the Chromium level in coverage.json and fails the run below 100 % of the states and
 * transitions of the machine.
 */

interface Entry {
  test: TestCase;
  results: { result: TestResult; record: PathRecord | null; shots: Map<string, Buffer> }[];
}

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export default class ModelPathsReporter implements Reporter {
  private entries = new Map<string, Entry>();

  onTestEnd(test: TestCase, result: TestResult) {
    // The browser tests share the run with the paths in `pnpm test`: only the walks are reported.
    if (!test.location.file.endsWith('model-paths.spec.ts')) return;
    const entry = this.entries.get(test.id) ?? { test, results: [] };
    let record: PathRecord | null = null;
    const shots = new Map<string, Buffer>();
    for (const attachment of result.attachments) {
      if (attachment.body === undefined) continue;
      if (attachment.name === 'path.json') record = JSON.parse(attachment.body.toString('utf8'));
      else if (attachment.contentType === 'image/jpeg') shots.set(attachment.name, attachment.body);
    }
    entry.results.push({ result, record, shots });
    this.entries.set(test.id, entry);
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    // A run of browser tests alone leaves the last paths report as it was.
    if (this.entries.size === 0) return undefined;
    const dir = reportDir();
    const shotsDir = join(dir, 'shots');
    rmSync(shotsDir, { recursive: true, force: true });
    mkdirSync(shotsDir, { recursive: true });
    const replaying = Boolean(process.env.PATHS_REPLAY);
    const { walks, direct, forward } = loadWalks();

    const chromium = emptyCoverage('chromium');
    for (const entry of this.entries.values()) {
      for (const { record } of entry.results) {
        for (const step of record?.steps ?? []) {
          if (!step.ok) continue;
          for (const id of step.transitions) chromium.transitions.add(id);
          for (const id of step.states) chromium.states.add(id);
        }
      }
      if (entry.results.some(({ result: r }) => r.status === 'passed')) chromium.paths += 1;
    }
    const complete =
      !replaying &&
      [...this.entries.values()].length >= walks.length &&
      [...this.entries.values()].every((entry) => entry.results.length > 0);
    // Transition pairs, from the steps each walk took in a row in the browser.
    const pairs = pairCoverage(
      [...this.entries.values()].flatMap((entry) =>
        entry.results.map(({ record }) =>
          (record?.steps ?? []).filter((step) => step.ok).map((step) => step.transitions),
        ),
      ),
      feasiblePairs(),
    );
    const lines = [
      formatCoverage(chromium),
      formatPairs(
        'chromium',
        pairs,
        walkSet() === 'pairs'
          ? `the deeper set (aim: ${PAIRS_SHARE * 100} % of the feasible pairs)`
          : `for information (the deeper set, pnpm test:paths --pairs, takes ${PAIRS_SHARE * 100} %)`,
      ),
      `chromium: ${direct.length} transition(s) only an event the UI must not offer reaches, sent to the flow after checking the page does not offer it: ${direct.join(', ') || 'none'}`,
      `chromium: the browser's Forward right after the page's Go back, once for each step it retraces (${forward.length}): ${forward.map((goal) => goal.replace(/^[^:]*: /, '')).join(', ') || 'none'}`,
    ];
    let status: FullResult['status'] | undefined;
    if (complete) {
      writeCoverage('chromium', chromium.transitions, 'all', chromium);
      const missing = [...missingStates(chromium), ...missingTransitions(chromium)];
      if (missing.length > 0) {
        lines.push(`chromium level below 100 %: ${missing.join(', ')}`);
        status = 'failed';
      }
    }
    for (const line of lines) console.log(line);

    const levels = readLevels(dir, chromium, complete);
    const html = this.render(levels, lines, shotsDir, dir, result);
    writeFileSync(join(dir, 'index.html'), html);
    console.log(`paths report: ${join(dir, 'index.html')}`);
    return status === undefined ? undefined : { status };
  }

  private render(
    levels: (LevelRow | { level: string; missing: true })[],
    lines: string[],
    shotsDir: string,
    dir: string,
    result: FullResult,
  ): string {
    const entries = [...this.entries.values()];
    const outcome = (entry: Entry) => entry.test.outcome();
    const order = { unexpected: 0, flaky: 1, expected: 2, skipped: 3 } as const;
    entries.sort((a, b) => order[outcome(a)] - order[outcome(b)]);
    const failures = entries.filter((entry) => outcome(entry) === 'unexpected');
    const flaky = entries.filter((entry) => outcome(entry) === 'flaky');
    const axe = entries.flatMap((entry) =>
      entry.results.flatMap(({ record }) => record?.axe ?? []),
    );

    const share = (part: number, whole: number) =>
      `${part} / ${whole} (${whole === 0 ? '-' : ((part / whole) * 100).toFixed(1)} %)`;
    const table = levels
      .map((row) =>
        'missing' in row
          ? `<tr><td>${html(row.level)}</td><td colspan="4">not run here yet</td></tr>`
          : `<tr><td>${html(row.level)}</td><td>${row.paths}</td><td>${share(row.states, row.statesTotal)}</td><td>${share(row.transitions, row.transitionsTotal)}</td><td>${html(row.at ?? 'now')}</td></tr>`,
      )
      .join('');

    const failureList = failures
      .map((entry) => {
        const last = entry.results.at(-1);
        const failure = last?.record?.failure;
        const files = failure
          ? [failure.shortest, failure.replay]
              .filter((file): file is string => file !== null)
              .map(
                (file) =>
                  `<li><code>pnpm test:paths --replay ${html(relative(process.cwd(), file))}</code> (${html(file)})</li>`,
              )
              .join('')
          : '';
        return `<li><a href="#${slug(entry.test.title)}">${html(entry.test.title)}</a> (${html(entry.test.parent.project()?.name ?? '')}): <pre>${html(failure?.message ?? last?.result.error?.message ?? 'failed')}</pre>Replay, shortest first:<ul>${files}</ul></li>`;
      })
      .join('');

    const filmstrips = entries
      .map((entry) => {
        const last = entry.results.at(-1);
        const record = last?.record;
        const id = `${slug(entry.test.title)}-${entry.test.parent.project()?.name ?? ''}`;
        const frames = (record?.steps ?? [])
          .map((step) => {
            let image = '';
            const shot = step.screenshot === null ? undefined : last?.shots.get(step.screenshot);
            if (shot !== undefined && step.screenshot !== null) {
              const file = join(shotsDir, id, step.screenshot);
              mkdirSync(join(shotsDir, id), { recursive: true });
              writeFileSync(file, shot);
              image = `<img loading="lazy" src="${html(relative(dir, file))}" alt="">`;
            }
            return `<figure class="${step.ok ? 'ok' : 'bad'}">${image}<figcaption><b>${step.index}.</b> ${html(step.event)}<br><i>${html(step.how)}</i><br>state ${html(step.state)}<br>URL ${html(step.url)}${step.error ? `<br><span class="err">${html(step.error.split('\n')[0] ?? '')}</span>` : ''}</figcaption></figure>`;
          })
          .join('');
        const retries = entry.results.length > 1 ? ` (${entry.results.length} attempts)` : '';
        return `<section id="${slug(entry.test.title)}"><h3 class="${outcome(entry)}">${html(entry.test.title)} [${html(entry.test.parent.project()?.name ?? '')}]: ${outcome(entry)}${retries}</h3><div class="strip">${frames}</div></section>`;
      })
      .join('');

    const axeList =
      axe.length === 0
        ? '<p>No violations (WCAG 2.2 A and AA tags) after any step.</p>'
        : `<ul>${axe.map((v) => `<li>${html(v.rule)} (${html(v.impact)}) in ${html(v.state)}: ${html(v.help)} <code>${html(v.targets.join(', '))}</code></li>`).join('')}</ul>`;

    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Onboarding paths</title>
<style>
body{font:14px system-ui,sans-serif;margin:1.5rem;color:#111}table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.3rem .6rem}
.strip{display:flex;gap:.5rem;overflow-x:auto;padding-bottom:.5rem}figure{margin:0;flex:0 0 260px;border:2px solid #cfc;border-radius:4px;padding:.25rem;font-size:12px}
figure.bad{border-color:#e33}figure img{width:100%;display:block}h3.unexpected{color:#b00}h3.flaky{color:#a60}.err{color:#b00}pre{white-space:pre-wrap}
</style></head><body>
<h1>Onboarding model paths</h1>
<p>Run ${html(result.status)} at ${new Date().toISOString()}; ${entries.length} paths, ${failures.length} failed, ${flaky.length} flaky (failed, then passed on retry). <a href="playwright/index.html">Playwright report</a> (traces of failures).</p>
<h2>Coverage per level</h2><table><tr><th>level</th><th>paths</th><th>states</th><th>transitions</th><th>recorded</th></tr>${table}</table>
<pre>${html(lines.join('\n'))}</pre>
<h2>Failures</h2>${failures.length === 0 ? '<p>None.</p>' : `<ol>${failureList}</ol>`}
<h2>Flaky</h2>${flaky.length === 0 ? '<p>None.</p>' : `<ul>${flaky.map((entry) => `<li>${html(entry.test.title)}</li>`).join('')}</ul>`}
<h2>Accessibility (axe, one entry per rule and state)</h2>${axeList}
<h2>Paths</h2>${filmstrips}
</body></html>`;
  }
}

function slug(text: string): string {
  return text.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
}

interface LevelRow extends CoverageFigures {
  level: string;
  /** When the level's run was recorded; null for this run's own, unrecorded figures. */
  at: string | null;
}

/** Each level's latest run from coverage.json, with this run's figures for an incomplete one. */
function readLevels(
  dir: string,
  chromium: LevelCoverage,
  complete: boolean,
): (LevelRow | { level: string; missing: true })[] {
  let file: CoverageFile | null = null;
  try {
    file = JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8'));
  } catch {
    file = null;
  }
  return LEVELS.map((level) => {
    if (level === 'chromium' && !complete) {
      return { level: `${level} (this run only)`, at: null, ...coverageFigures(chromium) };
    }
    const run = file?.runs?.[level];
    return run === undefined ? { level, missing: true } : { level, ...run };
  });
}
