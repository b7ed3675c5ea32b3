import { operationOf, type TraceDbCall } from '@app/server-kit';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Wraps every statement PGlite runs for the tracker in `trace` (a span each while tracing, see
 * `@app/server-kit`'s `dbCallTracer`): its `query` and `exec`, and those of each transaction it
 * opens, which run their statements without going through the client's own. Called only while
 * tracing; otherwise PGlite is left as it is.
 */
export function tracePglite(client: PGlite, trace: TraceDbCall): void {
  const { query, exec, transaction } = client;
  client.query = ((text: string, ...rest: unknown[]) =>
    trace(operationOf(text), () =>
      Reflect.apply(query, client, [text, ...rest]),
    )) as typeof client.query;
  client.exec = ((text: string, ...rest: unknown[]) =>
    trace(operationOf(text), () =>
      Reflect.apply(exec, client, [text, ...rest]),
    )) as typeof client.exec;
  // Its BEGIN and COMMIT are not spans of their own; the statements between them are.
  client.transaction = (<T>(run: (tx: Transaction) => Promise<T>) =>
    Reflect.apply(transaction, client, [
      (tx: Transaction) => run(traceTransaction(tx, trace)),
    ])) as typeof client.transaction;
}

/** The transaction's statements, each wrapped in `trace` (its `sql` builds one and runs it). */
function traceTransaction(tx: Transaction, trace: TraceDbCall): Transaction {
  const { query, exec, sql } = tx;
  tx.query = ((text: string, ...rest: unknown[]) =>
    trace(operationOf(text), () => Reflect.apply(query, tx, [text, ...rest]))) as typeof tx.query;
  tx.exec = ((text: string, ...rest: unknown[]) =>
    trace(operationOf(text), () => Reflect.apply(exec, tx, [text, ...rest]))) as typeof tx.exec;
  tx.sql = ((strings: TemplateStringsArray, ...values: unknown[]) =>
    trace(operationOf(strings[0] ?? ''), () =>
      Reflect.apply(sql, tx, [strings, ...values]),
    )) as typeof tx.sql;
  return tx;
}
