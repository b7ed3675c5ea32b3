import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type ElementHandle, type Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { preview } from 'vite';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';

/**
 * The per-state visual review (`pnpm visual`): every state's real screen at 360 and 1280 px,
 * drawn by the studio's own frames (`/statechart?review#<state>`, `ReviewSheet`) from the built
 * app in Chromium, compared with the committed baseline pixel by pixel, with an HTML report of
 * each state whose screen changed (before, after and the difference) under `reports/visual/`.
 */

const web = fileURLToPath(new URL('..', import.meta.url));
export const VISUAL_BASELINE = join(web, 'qa', 'visual-baseline');
export const VISUAL_REPORT = join(web, 'reports', 'visual');
/**
 * Where the report's links open the studio when the report is opened as a file: the site as
 * `pnpm start` serves it. Opened from the development server, they stay on its origin.
 */
export const DEFAULT_SITE = 'http://localhost:3000';

export interface ColourChange {
  /** A colour of the theme, as CSS writes it (`#0f766e`). */
  from: string;
  /** What it becomes for this run. */
  to: string;
}

export interface VisualOptions {
  /** Write the screens as the new baseline instead of comparing. */
  update?: boolean;
  /** Only these states (machine ids, `matched.step.goal`, or their studio links' names, `goal`). */
  states?: readonly string[];
  baseline?: string;
  report?: string;
  /** The built app (`apps/web/dist`). */
  dist?: string;
  /** A server and browser to draw with, kept for several runs (`openVisualSession`). */
  session?: VisualSession;
  /** Theme colours changed for this run, through a style sheet added to the page. */
  colours?: readonly ColourChange[];
  /** Extra CSS added to the page for this run. */
  css?: readonly string[];
  /** The site the report's studio links open. */
  site?: string;
  log?: (line: string) => void;
}

export interface Shot {
  state: string;
  width: number;
  /** `state-width.png`, in the baseline and the report. */
  file: string;
}

export interface ChangedShot extends Shot {
  /** Pixels that differ; the whole picture's when there was no baseline or the size changed. */
  pixels: number;
  reason: 'changed' | 'new' | 'size';
}

export interface VisualResult {
  /** Every screen drawn. */
  shots: Shot[];
  changed: ChangedShot[];
  /** Baseline pictures of states no longer drawn (only looked for on a run of every state). */
  removed: string[];
  /** States whose screens are all unchanged. */
  unchangedStates: string[];
  /** States with at least one changed screen. */
  changedStates: string[];
  reportFile: string | null;
}

function shotFile(state: string, width: number): string {
  return `${state}-${width}.png`;
}

/** The built app on a free loopback port, as static files (Vite's preview server). */
async function serveDist(dist: string) {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: run \`pnpm --filter @app/web build\` first`);
  }
  const server = await preview({
    configFile: false,
    root: web,
    logLevel: 'silent',
    build: { outDir: dist },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('the preview server did not say where it listens');
  return { url: url.replace(/\/$/, ''), close: () => server.close() };
}

export interface VisualSession {
  /** Where the built app is served. */
  url: string;
  browser: Browser;
  /** The review's page, opened once (the studio works out its paths to every state once). */
  page: Page;
  network: ReturnType<typeof watchNetwork>;
  close: () => Promise<void>;
}

/** The built app served and open on the review's page in Chromium, for one run or several. */
export async function openVisualSession(dist = join(web, 'dist')): Promise<VisualSession> {
  const server = await serveDist(dist);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ ...CHROMIUM_LAUNCH, headless: true });
    const page = await browser.newPage({ viewport: { width: 1720, height: 1100 } });
    const network = watchNetwork(page);
    await page.goto(`${server.url}/statechart?review`);
    const opened = browser;
    return {
      url: server.url,
      browser,
      page,
      network,
      close: async () => {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}

/** The `:root` custom properties whose value is one of the colours, and what each becomes. */
async function colourOverrides(page: Page, colours: readonly ColourChange[]): Promise<string> {
  const lines = await page.evaluate((changes) => {
    const probe = document.createElement('i');
    document.body.append(probe);
    const computed = (value: string) => {
      probe.style.color = '';
      probe.style.color = value;
      return getComputedStyle(probe).color;
    };
    const found: string[] = [];
    const missing: string[] = [];
    for (const change of changes) {
      if (!CSS.supports('color', change.from) || !CSS.supports('color', change.to)) {
        missing.push(`${change.from}=${change.to} is not a pair of CSS colours`);
        continue;
      }
      const wanted = computed(change.from);
      let matched = false;
      for (const sheet of document.styleSheets) {
        let rules: CSSRuleList;
        try {
          rules = sheet.cssRules;
        } catch {
          continue;
        }
        for (const rule of rules) {
          if (!(rule instanceof CSSStyleRule) || rule.selectorText !== ':root') continue;
          for (const name of rule.style) {
            if (!name.startsWith('--')) continue;
            const value = rule.style.getPropertyValue(name).trim();
            if (CSS.supports('color', value) && computed(value) === wanted) {
              found.push(`${name}: ${change.to} !important;`);
              matched = true;
            }
          }
        }
      }
      if (!matched) missing.push(`no colour of the theme is ${change.from}`);
    }
    probe.remove();
    return { found, missing };
  }, colours);
  if (lines.missing.length > 0) throw new Error(lines.missing.join('; '));
  return `:root { ${lines.found.join(' ')} }`;
}

/**
 * Requests in flight on a page and when the last one started or ended: a screen may load a part
 * of itself lazily (the calendar link of the booked call) after it first renders.
 */
function watchNetwork(page: Page) {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Resolves once nothing has been in flight for `quietMs`. */
    async quiet(quietMs = 300, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline) throw new Error('the page kept loading');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Waits until a state's frames have their style sheets, fonts and pictures, and keep their size. */
async function settle(page: Page, state: string, network: ReturnType<typeof watchNetwork>) {
  await page.waitForSelector(`[data-review-state="${state}"] iframe`);
  await network.quiet();
  await page.waitForFunction(async (id) => {
    const frames = [
      ...document.querySelectorAll<HTMLIFrameElement>(`[data-review-state="${id}"] iframe`),
    ];
    const sizes = () => frames.map((frame) => frame.getBoundingClientRect().height).join();
    for (const frame of frames) {
      const doc = frame.contentDocument;
      if (doc === null || doc.body.childElementCount === 0) return false;
      const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      if (links.some((link) => link.sheet === null)) return false;
      if ([...doc.images].some((image) => !image.complete)) return false;
      await doc.fonts.ready;
    }
    const before = sizes();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // As Playwright's own screenshots do for the page: transitions (a style sheet arriving after
    // the first paint starts some) jump to their end, endless animations (spinners) to their start.
    let moving = false;
    for (const frame of frames) {
      for (const animation of frame.contentDocument?.getAnimations() ?? []) {
        if (animation.playState !== 'running') continue;
        moving = true;
        if (animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY) {
          animation.pause();
          animation.currentTime = 0;
        } else {
          animation.finish();
        }
      }
    }
    return !moving && sizes() === before;
  }, state);
}

function readPng(buffer: Buffer): PNG {
  return PNG.sync.read(buffer);
}

/** Both pictures on one canvas as big as the larger, the rest transparent, and what differs. */
function compare(before: PNG, after: PNG) {
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const pad = (png: PNG) => {
    if (png.width === width && png.height === height) return png.data;
    const out = new PNG({ width, height });
    PNG.bitblt(png, out, 0, 0, png.width, png.height, 0, 0);
    return out.data;
  };
  const diff = new PNG({ width, height });
  const pixels = pixelmatch(pad(before), pad(after), diff.data, width, height, { threshold: 0.1 });
  const sameSize = before.width === after.width && before.height === after.height;
  return { pixels, diff, sameSize };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function studioLink(site: string, state: string): string {
  return `${site}/statechart#${encodeURIComponent(state)}`;
}

function reportHtml(result: Omit<VisualResult, 'reportFile'>, site: string, states: number) {
  const byState = new Map<string, ChangedShot[]>();
  for (const shot of result.changed)
    byState.set(shot.state, [...(byState.get(shot.state) ?? []), shot]);
  const words = { changed: 'changed', new: 'new (no baseline)', size: 'changed size' } as const;
  const sections = [...byState].map(([state, shots]) => {
    const rows = shots
      .map((shot) => {
        const name = shot.file.replace(/\.png$/, '');
        const picture = (kind: string, label: string, present: boolean) =>
          present
            ? `<figure><figcaption>${label}</figcaption><a href="images/${escapeHtml(name)}.${kind}.png"><img src="images/${escapeHtml(name)}.${kind}.png" alt="${label}: ${escapeHtml(state)} at ${shot.width} px"></a></figure>`
            : `<figure><figcaption>${label}</figcaption><p>No baseline</p></figure>`;
        return `<h3>${shot.width} px: ${words[shot.reason]}, ${shot.pixels} pixels differ</h3>
<div class="row">${picture('before', 'Before', shot.reason !== 'new')}${picture('after', 'After', true)}${picture('diff', 'Difference', shot.reason !== 'new')}</div>`;
      })
      .join('\n');
    return `<section id="${escapeHtml(state)}">
<h2>${escapeHtml(state)} <a class="studio" data-state="${escapeHtml(state)}" href="${escapeHtml(studioLink(site, state))}">Open in the studio</a></h2>
${rows}
</section>`;
  });
  const removed =
    result.removed.length === 0
      ? ''
      : `<p>Baseline pictures of states no longer drawn: ${result.removed.map(escapeHtml).join(', ')}.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Visual review</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; color: #0f172a; }
.row { display: flex; gap: 1rem; align-items: flex-start; overflow-x: auto; }
figure { margin: 0; }
img { max-width: 420px; border: 1px solid #cbd5e1; display: block; }
section { border-top: 1px solid #cbd5e1; margin-top: 1rem; }
</style>
</head>
<body>
<h1>Visual review</h1>
<p>${states} states at 360 and 1280 px: ${result.changedStates.length} changed, ${result.unchangedStates.length} unchanged.</p>
${removed}
${result.changedStates.length === 0 ? '<p>No screen changed.</p>' : `<ul>${result.changedStates.map((s) => `<li><a href="#${escapeHtml(s)}">${escapeHtml(s)}</a></li>`).join('')}</ul>`}
${sections.join('\n')}
<script>
// Served by the app's development server (next to the studio), the links stay on its origin.
if (location.protocol.startsWith('http')) {
  for (const link of document.querySelectorAll('a.studio')) {
    link.href = '/statechart#' + encodeURIComponent(link.dataset.state);
  }
}
</script>
</body>
</html>
`;
}

/** Draws every state's screen (or `states`), then compares with the baseline or rewrites it. */
export async function runVisualReview(options: VisualOptions = {}): Promise<VisualResult> {
  const baseline = options.baseline ?? VISUAL_BASELINE;
  const reportDir = options.report ?? VISUAL_REPORT;
  const site = (options.site ?? DEFAULT_SITE).replace(/\/$/, '');
  const log = options.log ?? (() => undefined);
  const session = options.session ?? (await openVisualSession(options.dist));
  const { page, network } = session;
  const added: ElementHandle[] = [];
  try {
    // The list of states, and no frame left from a previous run.
    await page.evaluate(() => {
      window.location.hash = '';
    });
    const listed = await page.locator('[data-review-states]').getAttribute('data-review-states');
    const all: string[] = JSON.parse(listed ?? '[]');
    const states = options.states === undefined ? all : pickStates(all, options.states);
    if (states.length === 0) throw new Error('no state to review');

    const css = [...(options.css ?? [])];
    if (options.colours !== undefined && options.colours.length > 0) {
      css.push(await colourOverrides(page, options.colours));
    }
    for (const content of css) added.push(await page.addStyleTag({ content }));

    const shots: Shot[] = [];
    const pictures = new Map<string, Buffer>();
    for (const state of states) {
      await page.evaluate((id) => {
        window.location.hash = id;
      }, state);
      await settle(page, state, network);
      for (const frame of await page.locator(`[data-review-state="${state}"] iframe`).all()) {
        const width = Number(await frame.getAttribute('width'));
        const file = shotFile(state, width);
        const picture = await frame.screenshot({
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
        });
        shots.push({ state, width, file });
        pictures.set(file, picture);
      }
      log(`drew ${state}`);
    }

    if (options.update === true) {
      await mkdir(baseline, { recursive: true });
      if (options.states === undefined) {
        for (const name of await readdir(baseline)) {
          if (name.endsWith('.png') && !pictures.has(name)) await rm(join(baseline, name));
        }
      }
      for (const [file, picture] of pictures) await writeFile(join(baseline, file), picture);
      return {
        shots,
        changed: [],
        removed: [],
        unchangedStates: states,
        changedStates: [],
        reportFile: null,
      };
    }

    await rm(reportDir, { recursive: true, force: true });
    const images = join(reportDir, 'images');
    await mkdir(images, { recursive: true });
    const changed: ChangedShot[] = [];
    for (const shot of shots) {
      const after = pictures.get(shot.file);
      if (after === undefined) continue;
      const name = shot.file.replace(/\.png$/, '');
      const known = join(baseline, shot.file);
      if (!existsSync(known)) {
        const png = readPng(after);
        changed.push({ ...shot, pixels: png.width * png.height, reason: 'new' });
        await writeFile(join(images, `${name}.after.png`), after);
        continue;
      }
      const beforeBuffer = await readFile(known);
      const { pixels, diff, sameSize } = compare(readPng(beforeBuffer), readPng(after));
      if (pixels === 0 && sameSize) continue;
      changed.push({ ...shot, pixels, reason: sameSize ? 'changed' : 'size' });
      await writeFile(join(images, `${name}.before.png`), beforeBuffer);
      await writeFile(join(images, `${name}.after.png`), after);
      await writeFile(join(images, `${name}.diff.png`), PNG.sync.write(diff));
    }
    const removed =
      options.states === undefined && existsSync(baseline)
        ? (await readdir(baseline)).filter((name) => name.endsWith('.png') && !pictures.has(name))
        : [];
    const changedStates = states.filter((state) => changed.some((shot) => shot.state === state));
    const unchangedStates = states.filter((state) => !changedStates.includes(state));
    const result = { shots, changed, removed, changedStates, unchangedStates };
    const reportFile = join(reportDir, 'index.html');
    await writeFile(reportFile, reportHtml(result, site, states.length));
    await writeFile(join(reportDir, 'report.json'), `${JSON.stringify(result, null, 2)}\n`);
    return { ...result, reportFile };
  } finally {
    if (options.session === undefined) {
      await session.close();
    } else {
      for (const style of added) {
        await style.evaluate((node) => node.parentNode?.removeChild(node));
        await style.dispose();
      }
    }
  }
}

/** The states asked for, by machine id or by the last part of it, in the machine's order. */
function pickStates(all: readonly string[], wanted: readonly string[]): string[] {
  const picked = new Set<string>();
  for (const name of wanted) {
    const matches = all.filter((id) => id === name || id.endsWith(`.${name}`));
    if (matches.length === 0) throw new Error(`${name} is not a state the review draws`);
    if (matches.length > 1 && !matches.includes(name)) {
      throw new Error(`${name} names several states: ${matches.join(', ')}`);
    }
    for (const id of matches.includes(name) ? [name] : matches) picked.add(id);
  }
  return all.filter((id) => picked.has(id));
}
