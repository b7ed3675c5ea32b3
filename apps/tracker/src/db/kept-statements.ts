import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite plans every statement each time it runs it: its `query` sends the text unnamed, and the
 * driver has no named statements. For the reads made on every page view the planning was most of
 * the work (a member's home: 2 to 4 ms a statement to parse and plan on the tracker's own thread,
 * against about half that to run, at 1,000 members). This keeps such a read prepared on PGlite's
 * one connection, as node-postgres does by name on PostgreSQL (`prepared.ts`): the second time a
 * SELECT's text runs it is prepared (`PREPARE`), and from then on it runs with `EXECUTE`, its
 * values given as literals (the one form EXECUTE takes them in).
 *
 * Only a SELECT outside a transaction (a transaction's statements go through its own `query`),
 * and only when each value is a number or a string of letters, digits, spaces and `_ . : @ + -`
 * (no quote or backslash can be in a literal written here). Anything else, a text PREPARE
 * refuses (a value whose type it cannot work out), and a statement the connection no longer holds
 * run as before. At most MAX_KEPT texts are kept; the one used least recently goes first.
 */
export const MAX_KEPT = 200;

const SELECT = /^\s*select\b/i;
const PLAIN_VALUE = /^[A-Za-z0-9 _.:@+-]{0,200}$/;

/** A value as EXECUTE's literal (the text PGlite's `query` would send), or null when unsafe. */
function literal(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? `'${String(value)}'` : null;
  if (typeof value === 'string') return PLAIN_VALUE.test(value) ? `'${value}'` : null;
  return null;
}

/** What keepStatements keeps of a text: its prepared statement's name once asked for. */
interface Kept {
  /** Null while the text has run only once; then the name, or null when PREPARE refused it. */
  name: Promise<string | null> | null;
}

export interface KeptStatements {
  /** How many texts are prepared now. */
  prepared(): Promise<number>;
}

/** Wraps `client.query` so that repeated SELECTs run prepared (see above). */
export function keepStatements(client: PGlite): KeptStatements {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  // In the order used: a Map iterates in the order of insertion, and a use moves its text last.
  const kept = new Map<string, Kept>();
  let next = 0;

  async function prepare(text: string): Promise<string | null> {
    const name = `kept_${next++}`;
    try {
      await query(`PREPARE ${name} AS ${text}`);
      return name;
    } catch (error) {
      // In a failed transaction nothing runs: asked again next time. Else it is not preparable.
      if ((error as { code?: string }).code === '25P02') kept.delete(text);
      return null;
    }
  }

  async function forget(text: string, entry: Kept) {
    kept.delete(text);
    const name = await entry.name;
    if (name) await query(`DEALLOCATE ${name}`).catch(() => {});
  }

  client.query = (async (text: string, params?: unknown[], options?: object) => {
    if (!SELECT.test(text)) return query(text, params, options);
    const values = (params ?? []).map(literal);
    if (values.some((value) => value === null)) return query(text, params, options);
    const entry = kept.get(text);
    if (entry === undefined) {
      // The first time: run as before, and remember it.
      kept.set(text, { name: null });
      if (kept.size > MAX_KEPT) {
        const [oldest] = kept;
        if (oldest) await forget(...oldest);
      }
      return query(text, params, options);
    }
    kept.delete(text);
    kept.set(text, entry);
    entry.name ??= prepare(text);
    const name = await entry.name;
    if (name === null) return query(text, params, options);
    try {
      const args = values.length > 0 ? `(${values.join(', ')})` : '';
      // As one simple query: PGlite's `query` makes six calls into PostgreSQL for a statement
      // (parse, describe, bind, describe, execute, sync), `exec` two; EXECUTE has no values to
      // bind. The same rows and fields either way (one parser of the answer).
      const [result] = await exec(`EXECUTE ${name}${args}`, options);
      if (result === undefined) throw new Error(`EXECUTE ${name} gave no result`);
      return result;
    } catch (error) {
      // The connection no longer holds it (DEALLOCATE ALL, a new session): prepared again later.
      if ((error as { code?: string }).code !== '26000') throw error;
      if (kept.get(text) === entry) kept.delete(text);
      return query(text, params, options);
    }
  }) as typeof client.query;

  return {
    async prepared() {
      const names = await Promise.all([...kept.values()].map((entry) => entry.name));
      return names.filter((name) => typeof name === 'string').length;
    },
  };
}
