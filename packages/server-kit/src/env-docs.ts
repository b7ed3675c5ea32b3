/**
 * Readers for the documents that list the servers' settings (`.env.example` files and the
 * READMEs' tables), so each server's tests can hold them to its zod schema: the schema is where
 * a setting and its default are decided; the documents say it again for people and must agree.
 */

/**
 * `NAME=value` lines of an env file (comments and blank lines skipped), in order; a value in
 * quotes (as a shell needs for spaces or `<`) is read without them.
 */
export function readEnvExample(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match?.[1]) continue;
    if (settings.has(match[1])) throw new Error(`${match[1]} is set twice`);
    settings.set(match[1], (match[2] ?? '').replace(/^(["'])(.*)\1$/, '$2'));
  }
  return settings;
}

/** A row of a settings table: the variables its first cell names, and every cell by header. */
export interface SettingsRow {
  names: string[];
  cells: Record<string, string>;
}

/**
 * The Markdown table whose first header is `firstHeader` (`variable`): each row's first cell
 * names one or more variables in backticks (`` `PORT`, `HOST` ``).
 */
export function readSettingsTable(markdown: string, firstHeader = 'variable'): SettingsRow[] {
  const lines = markdown.split('\n');
  const split = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
  const start = lines.findIndex(
    (line) => line.trim().startsWith('|') && split(line)[0] === firstHeader,
  );
  if (start < 0) throw new Error(`no table starting with the header '${firstHeader}'`);
  const headers = split(lines[start] ?? '');
  const rows: SettingsRow[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const values = split(line);
    const cells = Object.fromEntries(headers.map((header, i) => [header, values[i] ?? '']));
    const names = [...(values[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].flatMap((m) =>
      m[1] ? [m[1]] : [],
    );
    rows.push({ names, cells });
  }
  return rows;
}

/** The value a cell opens with when it opens with one in backticks (`` `3000` alone ``), else undefined. */
export function leadingLiteral(cell: string): string | undefined {
  return /^`([^`]*)`/.exec(cell.trim())?.[1];
}

/**
 * The defaults a sentence closes with, in parentheses, one per variable of its row:
 * "where the site listens (3000, localhost)" gives ['3000', 'localhost']. Undefined when the
 * sentence does not close with such a list (words rather than values in the parentheses).
 */
export function closingDefaults(cell: string): string[] | undefined {
  const inner = /\(([^()]*)\)$/.exec(cell.trim())?.[1];
  if (inner === undefined) return undefined;
  const items = inner.split(',').map((item) => item.trim().replace(/^`(.*)`$/, '$1'));
  return items.every((item) => item !== '' && !/\s/.test(item)) ? items : undefined;
}
