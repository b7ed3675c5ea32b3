// The one table the bench prints: site-wide figures as rows, then a row per page.
import { seconds } from './config.mjs';

const rows = [];
/** Adds a site-wide figure: its group ('proxy', 'member'), what it is, its value and a note. */
export const row = (group, measure, value, note = '') => rows.push({ group, measure, value, note });
export const ms = (value) => `${Math.round(value)} ms`;

/** Prints the table: the site-wide figures first, then `pages` (one row per route). */
export function printTable(pages) {
  // One table: the site-wide figures first, then a row per route (blank cells where a column
  // does not apply).
  const table = [
    ...rows.map(({ group, measure, value, note }) => ({
      what: `${group}: ${measure}`,
      value,
      note,
    })),
    ...pages.map(({ route, ...figures }) => ({ what: `page ${route}`, ...figures })),
  ];
  console.log(
    `\nSite benchmark: compiled server, embedded tracker on PGlite, ${seconds} s per load run;` +
      " Lighthouse 13 mobile (simulated throttling); first-load JS = gzip bytes of the page's" +
      ' scripts, modulepreloads and listed scripts.\nThe load generator, Chromium and the server share this' +
      ' machine (and any other work on it): compare figures of one run.\n',
  );
  console.table(table);
}
