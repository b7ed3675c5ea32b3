import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isCspHashSource } from '@app/server-kit';

/**
 * The tracker web app's pages built ahead (its prerender.ts writes prerendered.json beside
 * index.html): the public pages rendered at build time, and the shells of the home and the team
 * board that name their scripts; each path's HTML file and the search keys it may be sent with.
 * A path with any other search key gets the app shell, since its page differs from that file.
 * Every page, the shell too, carries the app's styles inline: the list names their hashes.
 */
export interface PrerenderedPages {
  /** The file to send for a page address (`/sign-in?next=/team`), or null for the shell. */
  fileFor(url: string): string | null;
  /** The paths of the pages rendered at build time (their forms are in the HTML). */
  formPages(): string[];
  /** The CSP sources ('sha256-...') of the pages' inline <style> elements. */
  styleHashes: readonly string[];
  /** The same for their inline <script> (early-taps.js, on the pages rendered at build time). */
  scriptHashes: readonly string[];
}

const FILE = /^[a-z0-9-]+\.html$/;

/** Reads the list once; an unreadable or odd list, or a file that is not there, is left out. */
export function readPrerendered(webDir: string): PrerenderedPages {
  const pages = new Map<string, { file: string; search: Set<string>; prerendered: boolean }>();
  const listFile = path.join(webDir, 'prerendered.json');
  let list: unknown = null;
  try {
    list = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : null;
  } catch {
    list = null;
  }
  const { pages: listed, styleHashes, scriptHashes } = (list ?? {}) as Record<string, unknown>;
  if (typeof listed === 'object' && listed !== null) {
    for (const [page, value] of Object.entries(listed)) {
      const { file, search, prerendered } = (value ?? {}) as Record<string, unknown>;
      if (
        page.startsWith('/') &&
        typeof file === 'string' &&
        FILE.test(file) &&
        existsSync(path.join(webDir, file)) &&
        Array.isArray(search) &&
        search.every((key) => typeof key === 'string')
      ) {
        pages.set(page, { file, search: new Set(search), prerendered: prerendered === true });
      }
    }
  }
  return {
    fileFor(url) {
      const [pathname = '', query = ''] = url.split('?', 2);
      const page = pages.get(pathname);
      if (!page) return null;
      for (const key of new URLSearchParams(query).keys()) {
        if (!page.search.has(key)) return null;
      }
      return page.file;
    },
    formPages: () => [...pages].filter(([, page]) => page.prerendered).map(([path]) => path),
    styleHashes: Array.isArray(styleHashes) ? styleHashes.filter(isCspHashSource) : [],
    scriptHashes: Array.isArray(scriptHashes) ? scriptHashes.filter(isCspHashSource) : [],
  };
}
