/**
 * `pnpm dev`'s entry (tsx): traced as the compiled start module is (`@app/server-kit/bundle`) when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set, tracing started before the server's code loads so that
 * node:http, undici and pg are patched; without it nothing of OpenTelemetry loads. The embedded
 * tracker's thread does the same for itself (`@app/tracker`'s `thread-source.mjs`).
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('@app/server-kit/tracing');
  startTracing({ serviceName: 'site' });
}
await import('./server.ts');

export {};
