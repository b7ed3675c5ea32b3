import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspHash, inlineScript } from '@app/web-build/inline-script';
import type { Plugin, Rollup } from 'vite';

/** What the server-side build of src/entry-server.tsx exports. */
interface ServerEntry {
  PRERENDERED: Record<string, readonly string[]>;
  SHELLS: Record<string, { file: string; routeFiles: readonly string[]; homeData: boolean }>;
  renderPage(
    path: string,
  ): Promise<{ html: string; hints: string; title: string; routeFiles: string[] }>;
  renderShell(): Promise<string>;
}

/** What dist/prerendered.json says of each page built ahead, for the front door. */
export interface PrerenderedPage {
  /** The HTML file, beside index.html. */
  file: string;
  /** Search keys the page may carry and still be this HTML. */
  search: readonly string[];
  /** Rendered at build time (its content, forms included, is in the HTML), not a shell. */
  prerendered: boolean;
}

/** A stylesheet link as Vite and this plugin write them, for a file of the bundle. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/** The member's home and its check-in card in one answer, asked for by the shell's HTML. */
const HOME_DATA = '/api/me/home';

/**
 * Renders, in the client build, the public pages a visitor lands on without a session (sign-in,
 * the password reset request) to HTML files beside index.html, with the stylesheets and
 * modulepreloads of their routes; and puts into index.html, the app shell every other page and
 * the service worker answer with, the header and a signed-in page's skeleton with its
 * stylesheet, and a preload of the home's data, which then comes while the scripts do. The
 * server-side build of src/entry-server.tsx (dist-ssr/) must have run first. The files are part
 * of the bundle, so the build compresses them and the service worker precaches them like the
 * rest. Writes prerendered.json for the front door.
 *
 * Every page carries the app's styles inline, in a <style> element where Vite linked the
 * stylesheet: the one file of styles (19 KB, 4.4 KB compressed) held the first paint back by a
 * round trip on a phone's network, and each page's HTML, not the stylesheet, is what a first
 * visit waits for anyway. The front door allows that element by its hash (styleHashes in
 * prerendered.json) and no other inline style.
 */
export function prerender({ ssrEntry }: { ssrEntry: string }): Plugin {
  let root = process.cwd();
  return {
    name: 'tracker-prerender',
    // After Vite has written index.html into the bundle, before the manifest and compression.
    enforce: 'post',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const shellAsset = bundle['index.html'];
      if (shellAsset?.type !== 'asset') this.error('the build has no index.html');
      if (!existsSync(ssrEntry)) this.error(`${ssrEntry} is missing: run the --ssr build first`);
      const entry = (await import(pathToFileURL(ssrEntry).href)) as ServerEntry;
      const shell = String(shellAsset.source);
      if (!shell.includes('<div id="root"></div>')) this.error('index.html lacks an empty #root');

      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk and every chunk it imports statically, each once. */
      const closure = (chunk: Rollup.OutputChunk, seen = new Set<Rollup.OutputChunk>()) => {
        if (seen.has(chunk)) return seen;
        seen.add(chunk);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) closure(imported, seen);
        }
        return seen;
      };
      /** The chunks of source files (route files are split: file?tsr-split=...). */
      const chunksOf = (files: readonly string[]) => {
        const ids = files.map((file) => resolve(root, file));
        const found = new Set<Rollup.OutputChunk>();
        for (const chunk of chunks) {
          const modules = [chunk.facadeModuleId ?? '', ...chunk.moduleIds];
          if (modules.some((id) => ids.some((wanted) => id.split('?')[0] === wanted))) {
            closure(chunk, found);
          }
        }
        return found;
      };
      const cssOf = (found: Set<Rollup.OutputChunk>) =>
        [...found].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
      const linked = (html: string, file: string) => html.includes(`/${file}"`);
      /** Stylesheet and modulepreload tags for what `found` needs that `html` does not link. */
      const tagsFor = (html: string, found: Set<Rollup.OutputChunk>, preload: boolean) => {
        const css = [...new Set(cssOf(found))].filter((file) => !linked(html, file));
        const js = preload
          ? [...found].map((chunk) => chunk.fileName).filter((file) => !linked(html, file))
          : [];
        return [
          ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
      };
      const withHead = (html: string, tags: string[]) =>
        html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
      const styleHashes = new Set<string>();
      /** The page with each linked stylesheet of the bundle put inline, its hash noted. */
      const inlined = (html: string) =>
        html.replace(STYLESHEET_LINK, (link, file: string) => {
          const sheet = bundle[file];
          if (sheet?.type !== 'asset') return link;
          const css =
            typeof sheet.source === 'string'
              ? sheet.source
              : new TextDecoder().decode(sheet.source);
          if (/<\/style/i.test(css))
            this.error(`${file} holds "</style", which would end it early`);
          styleHashes.add(cspHash(css));
          return `<style>${css}</style>`;
        });

      // First in the head, so it runs before the app's entry (module scripts run in their order).
      // Holds a tap made before the app has taken the page over: a sign-in sent then would otherwise
      // be posted by the browser itself, and the page would open again, empty.
      const earlyTaps = inlineScript(
        createRequire(import.meta.url).resolve('@app/ui/early-taps-script'),
      );
      const withEarlyTaps = (html: string) =>
        html.replace('<script ', () => `<script type="module">${earlyTaps}</script>\n    <script `);
      const pages: Record<string, PrerenderedPage> = {};
      for (const [path, search] of Object.entries(entry.PRERENDERED)) {
        const { html, hints, title, routeFiles } = await entry.renderPage(path);
        const tags = [...(hints ? [hints] : []), ...tagsFor(shell, chunksOf(routeFiles), true)];
        const page = withHead(withEarlyTaps(shell), tags)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
          .replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${html}</div>`);
        const file = `${path.slice(1)}.html`;
        this.emitFile({ type: 'asset', fileName: file, source: inlined(page) });
        pages[path] = { file, search, prerendered: true };
      }
      // The shell: the skeleton's stylesheet (not its script), and the home's data on its way;
      // for the home and the board, their routes' scripts as well.
      const skeleton = chunksOf(['src/pages/member/PageSkeleton.tsx']);
      const data = `<link rel="preload" href="${HOME_DATA}" as="fetch" crossorigin>`;
      const body = await entry.renderShell();
      const shellOf = (tags: string[]) =>
        withHead(shell, [...tags, ...tagsFor(shell, skeleton, false)]).replace(
          '<div id="root"></div>',
          () => `<div id="root">${body}</div>`,
        );
      const app = shellOf([data]);
      shellAsset.source = inlined(app);
      for (const [path, { file, routeFiles, homeData }] of Object.entries(entry.SHELLS)) {
        const base = homeData ? app : shellOf([]);
        const source = inlined(withHead(base, tagsFor(base, chunksOf(routeFiles), true)));
        this.emitFile({ type: 'asset', fileName: file, source });
        pages[path] = { file, search: [], prerendered: false };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'prerendered.json',
        source: `${JSON.stringify(
          { pages, styleHashes: [...styleHashes], scriptHashes: [cspHash(earlyTaps)] },
          null,
          2,
        )}\n`,
      });
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** dist-ssr/entry-server.js of an app root. */
export function ssrEntryOf(appRoot: string): string {
  return join(appRoot, 'dist-ssr', 'entry-server.js');
}
