/**
 * The tracker's `pnpm dev` entry (tsx): traced as the compiled start module is when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set (tracing started before the tracker's code loads, so that
 * node:http and pg are patched and PGlite's statements wrapped); without it nothing of
 * OpenTelemetry loads.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('@app/server-kit/tracing');
  startTracing({ serviceName: 'tracker' });
}
await import('./server.ts');

export {};
