import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { TRACE_DB_CALL, type TraceDbCall } from './db-calls.ts';
import { TRACE_LOG_FIELDS, type TraceLogFields } from './logging.ts';

export { InMemorySpanExporter } from '@opentelemetry/sdk-trace';

/**
 * OpenTelemetry tracing for one process (or one thread: the embedded tracker's thread has its own),
 * loaded only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set: the compiled servers' start module imports
 * this file then, before the server's own code (and so before Fastify, node:http and pg) loads,
 * which is what lets the instrumentations patch them. Without the variable no OpenTelemetry code
 * is loaded at all.
 *
 * What is traced: every HTTP request a server answers (node:http's server), every call it makes
 * with fetch or undici (the site's calls to the tracker and its proxy, which carry the W3C
 * `traceparent` header, so the tracker's spans join the site's trace), and PostgreSQL's queries
 * (pg), and the embedded PGlite's statements, which the tracker wraps through `TRACE_DB_CALL`
 * (`db-calls.ts`): a client span per statement inside a trace, named `pglite.query:<operation>`,
 * with `db.system` `postgresql` and the operation, never the parameters. Spans go to the OTLP/HTTP endpoint the standard `OTEL_EXPORTER_OTLP_*` variables name, in
 * batches; the resource's `service.name` is `OTEL_SERVICE_NAME` when set, else `serviceName`.
 * Every log line written inside a traced request carries `traceId` and `spanId` beside Fastify's
 * `reqId`.
 */
export interface TracingOptions {
  /** `site` or `tracker`. */
  serviceName: string;
  /** Where spans go, each as it ends (tests: an InMemorySpanExporter); OTLP/HTTP in batches when absent. */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Sends what is buffered. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops tracing. */
  shutdown(): Promise<void>;
}

export function startTracing({ serviceName, exporter }: TracingOptions): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME || serviceName,
    }),
    spanProcessors: [
      exporter
        ? new SimpleSpanProcessor({ exporter })
        : new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // The loopback metrics listeners are scraped every few seconds: no trace of their own.
        ignoreIncomingRequestHook: (request) => request.url === '/metrics',
      }),
      new UndiciInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  const tracer = provider.getTracer('@app/server-kit/db-calls');
  const traceDbCall: TraceDbCall = (operation, run) => {
    // As pg's instrumentation (requireParentSpan): a statement outside a request starts no trace.
    if (trace.getActiveSpan() === undefined) return run();
    const attributes = {
      'db.system': 'postgresql',
      'db.system.name': 'postgresql',
      'db.client': 'pglite',
      'db.operation': operation,
      'db.operation.name': operation,
    };
    return tracer.startActiveSpan(
      `pglite.query:${operation}`,
      { kind: SpanKind.CLIENT, attributes },
      async (span) => {
        try {
          return await run();
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          if (error instanceof Error)
            span.recordException({ name: error.name, message: operation });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };
  (globalThis as { [TRACE_DB_CALL]?: TraceDbCall })[TRACE_DB_CALL] = traceDbCall;
  (globalThis as { [TRACE_LOG_FIELDS]?: TraceLogFields })[TRACE_LOG_FIELDS] = () => {
    const span = trace.getActiveSpan()?.spanContext();
    return span ? { traceId: span.traceId, spanId: span.spanId } : {};
  };
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      unregister();
      delete (globalThis as { [TRACE_LOG_FIELDS]?: TraceLogFields })[TRACE_LOG_FIELDS];
      delete (globalThis as { [TRACE_DB_CALL]?: TraceDbCall })[TRACE_DB_CALL];
      await provider.shutdown();
    },
  };
}
