// Which prerendered page the site sends for an address, read from the web build's
// dist/prerendered.json: by the server (routes/web.ts) and by the bench, which counts the scripts
// of the page a first visit gets. No imports: the bench loads it with plain Node.

/**
 * The key of the not-found page in dist/prerendered.json: the site sends it for an address that is
 * neither a page nor under one of its `notUnder` prefixes (routes with parameters, which only the
 * browser's router can tell apart: those get the shell).
 */
export const NOT_FOUND_KEY = '*';

/** What the not-found page's entry adds to a page's. */
export interface NotFoundEntry {
  notUnder: readonly string[];
}

/** The page for an address: its own, else the not-found page where no route can match it. */
export function pageFor<Page>(
  pages: ReadonlyMap<string, Page>,
  notFound: (Page & NotFoundEntry) | null,
  path: string,
): Page | undefined {
  const own = pages.get(path);
  if (own !== undefined || notFound === null) return own;
  return notFound.notUnder.some((prefix) => path.startsWith(prefix)) ? undefined : notFound;
}
