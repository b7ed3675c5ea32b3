// Renders every page of the route table to HTML after `vite build` and the server-side build of
// src/entry-server.tsx: the page's markup inside #root and its CSS inline in <head> (no stylesheet
// request before the first paint). A page that is read (scriptsAfterFirstPaint in
// entry-server.tsx) lists its scripts instead of linking them, and carries one small inline script
// (src/boot/boot.js) that asks for them all once the HTML has been painted; every other page links
// its scripts as Vite did. The browser hydrates the page (src/boot/main.tsx), or draws it anew where
// entry-server.tsx says so (the statechart studio, whose HTML is then what it draws first).
// dist/index.html stays the shell for every other path.
//
// Writes dist/prerendered/**.html and dist/prerendered.json, which maps each path to its file and
// the CSP hashes of its inline <style>, of its style attributes and of its inline script (the site
// server serves the file and allows exactly those).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cspHash, inlineScript } from '@app/web-build/inline-script';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const ssrEntry = fileURLToPath(new URL('../dist-ssr/entry-server.js', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const {
  DRAWN_ANEW_WITH,
  FLOW_MODULE,
  FLOW_SCRIPTS_META,
  NOT_FOUND_KEY,
  NOT_FOUND_SAMPLE,
  pagePaths,
  renderPage,
  routePrefixes,
  scriptsAfterFirstPaint,
  waitsForTheVisitor,
} = await import(pathToFileURL(ssrEntry).href);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the build manifest has no entry chunk');

/** The chunk and every chunk it imports statically, each once, importers first. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

/** Manifest keys of a route file: the file itself and the pieces the router split off it. */
function routeKeys(file) {
  const candidates = [file, file.replace(/\.tsx$/, '/route.tsx')];
  return Object.keys(manifest).filter((key) =>
    candidates.some((c) => key === c || key.startsWith(`${c}?tsr-split=`)),
  );
}

/** The scripts of manifest keys, as the page names them. */
const scriptFiles = (keys) =>
  keys
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `/${file}`);

// The entry imports the start-up's module groups one at a time (src/entry-client.ts): they are
// part of every page's first load as much as what it imports statically.
const entryChunks = closure(entryKey);
for (const key of manifest[entryKey].dynamicImports ?? []) closure(key, entryChunks);
if (!manifest[FLOW_MODULE]) throw new Error(`the build manifest has no ${FLOW_MODULE}`);
const flowChunks = closure(FLOW_MODULE);
/** The styles index.html links: those of the entry's static imports (the app's come with it). */
const entryCss = new Set([...closure(entryKey)].flatMap((key) => manifest[key].css ?? []));

/** The shell without the entry stylesheets (they are inlined instead) and its script tags. */
let template = shell;
for (const css of entryCss) {
  const link = new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${css}"[^>]*>`);
  if (!link.test(template)) throw new Error(`index.html does not link ${css}`);
  template = template.replace(link, '');
}
if (!template.includes('<div id="root"></div>')) throw new Error('index.html lacks #root');

// The entry's script tag and the modulepreloads Vite wrote for its imports leave the template:
// each page puts back its own, with the route's chunks, linked or listed for the boot script.
const ENTRY_TAGS =
  /\s*<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="\/[^"]+\.js"[^>]*>(?:<\/script>)?/g;
const shellScripts = [...template.matchAll(ENTRY_TAGS)].map((m) => m[0]);
if (!shellScripts.some((tag) => tag.includes(`/${manifest[entryKey].file}"`))) {
  throw new Error(`index.html does not load the entry ${manifest[entryKey].file}`);
}
template = template.replace(ENTRY_TAGS, '');
// The shell (every other path) preloads the groups the entry imports one at a time as well, so
// the browser fetches them all at once instead of each when the last has run.
const shellPreloads = scriptFiles([...entryChunks])
  .filter((file) => !shell.includes(`"${file}"`))
  .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
writeFileSync(
  join(dist, 'index.html'),
  shell.replace('</head>', () => `${shellPreloads.map((tag) => `    ${tag}\n`).join('')}  </head>`),
);
// The script that holds early taps (shared with the tracker's pages), then the site's own, inline,
// so the first paint waits on no request of its own; the server allows it by its hash.
const boot = inlineScript(
  createRequire(import.meta.url).resolve('@app/ui/early-taps-script'),
  fileURLToPath(new URL('../src/boot/boot.js', import.meta.url)),
);
const bootTag = `<script type="module">${boot}</script>`;
const bootHash = cspHash(boot);
/** style="..." values React wrote (Radix's toast region, a few components), as the DOM has them. */
const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;
const ENTITIES = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (value) => value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e]);
/** React puts resource hints (image preloads) first when rendering a fragment: they go in <head>. */
const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

const outDir = join(dist, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
const pages = {};
const rows = [];
for (const path of [...pagePaths(), NOT_FOUND_SAMPLE]) {
  const { html, routeFiles } = await renderPage(path);
  const chunks = new Set(entryChunks);
  for (const file of routeFiles) for (const key of routeKeys(file)) closure(key, chunks);
  // What a route loads once it is on screen (the onboarding's later screens) brings styles too:
  // they are inlined as well, so a page that shows such a screen (an end screen's own address)
  // is styled before its script runs. Their scripts are not preloaded.
  // Those loads may start in any of the route's chunks (the later screens are imported by the
  // onboarding's lazyScreens module, in a chunk of its own), not only in the route's file.
  const later = new Set();
  for (const key of chunks) {
    if (entryChunks.has(key)) continue;
    for (const imported of manifest[key].dynamicImports ?? []) closure(imported, later);
  }
  const css = [...new Set([...chunks, ...later].flatMap((key) => manifest[key].css ?? []))];
  const style = css.map((file) => readFileSync(join(dist, file), 'utf8').trim()).join('\n');
  // The entry first, then every chunk it and the route import statically.
  const scripts = scriptFiles([entryKey, ...[...chunks].filter((key) => key !== entryKey)]);
  // A page that is read (scriptsAfterFirstPaint) asks for its scripts after its first paint; any
  // other links them from its HTML, as Vite did.
  const afterPaint = scriptsAfterFirstPaint(path);
  const scriptTags = !afterPaint
    ? [
        `<script type="module" crossorigin src="${scripts[0]}"></script>`,
        ...scripts.slice(1).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
      ]
    : [`<meta name="app-scripts" content="${scripts.join(' ')}">`, bootTag];
  // A first step downloads the flow's chunks once it is on screen and runs them when the visitor
  // acts (src/boot/flowPage.ts): they are listed here, those the page has already left out.
  if (waitsForTheVisitor(path)) {
    const flow = scriptFiles([...flowChunks].filter((key) => !chunks.has(key)));
    scriptTags.push(`<meta name="${FLOW_SCRIPTS_META}" content="${flow.join(' ')}">`);
  }
  const hints = LEADING_LINKS.exec(html)?.[0] ?? '';
  const body = html.slice(hints.length);
  const head = [hints, ...scriptTags, `<style>${style}</style>`].filter(Boolean).join('\n    ');
  const page = template
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', () =>
      Object.hasOwn(DRAWN_ANEW_WITH, path)
        ? `<div id="root" data-drawn-anew-with="${DRAWN_ANEW_WITH[path]}">${body}</div>`
        : `<div id="root">${body}</div>`,
    );
  const file = `prerendered${path === '/' ? '/index' : path}.html`;
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), page);
  const attributes = new Set([...body.matchAll(STYLE_ATTRIBUTE)].map((m) => decode(m[1])));
  const listed = {
    file,
    styleHashes: [cspHash(style)],
    styleAttributeHashes: [...attributes].map(cspHash),
    scriptHashes: afterPaint ? [bootHash] : [],
  };
  // The not-found page answers every unknown address outside the routes with parameters.
  if (path === NOT_FOUND_SAMPLE) pages[NOT_FOUND_KEY] = { ...listed, notUnder: routePrefixes() };
  else pages[path] = listed;
  rows.push({ path, 'HTML bytes': page.length, 'inline CSS bytes': style.length });
}
writeFileSync(join(dist, 'prerendered.json'), `${JSON.stringify(pages, null, 2)}\n`);
console.log(`prerendered ${rows.length} pages into dist/prerendered/`);
if (process.env.PRERENDER_REPORT) console.table(rows);
// The stand-in onboarding flows keep timers; nothing else is left to do.
process.exit(0);
