/**
 * Spans for database calls that no OpenTelemetry instrumentation sees (the tracker's embedded
 * PGlite: pg's instrumentation covers PostgreSQL). While tracing (`tracing.ts`, loaded only with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` set) a function under a global symbol wraps such a call in a span;
 * without it there is no such function and nothing is wrapped. A global symbol, not a module
 * variable: the tracing module is compiled apart from the server's bundle, so the two share no
 * module state (as `TRACE_LOG_FIELDS`).
 */
export const TRACE_DB_CALL = Symbol.for('app.traceDbCall');

/**
 * Runs `run` (one statement, `operation` its first keyword: SELECT, INSERT, BEGIN...) in a span of
 * the active trace; outside a trace it only runs it. Never given the statement's parameters.
 */
export type TraceDbCall = <T>(operation: string, run: () => Promise<T>) => Promise<T>;

/** The function that traces database calls while tracing is on; undefined otherwise. */
export function dbCallTracer(): TraceDbCall | undefined {
  return (globalThis as { [TRACE_DB_CALL]?: TraceDbCall })[TRACE_DB_CALL];
}

/**
 * A statement's operation: its first keyword in capitals (comments before it skipped), or `QUERY`
 * when it starts with none. Nothing else of the text, which may hold literal values.
 */
export function operationOf(statement: string): string {
  const keyword = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*([a-z]+)/i.exec(statement)?.[1];
  return keyword ? keyword.toUpperCase() : 'QUERY';
}
