// The tracker's thread run from TypeScript source (tests, `pnpm dev`): Node does not pass a
// loader on to worker threads, and its own type stripping refuses this source (parameter
// properties), so tsx is registered again in this one before the entry loads.
import { register } from 'tsx/esm/api';

register();
// Traced as the compiled thread is (`dist/tracker-thread.js`) when asked for: tracing starts
// before the tracker's code loads; without the variable nothing of OpenTelemetry loads.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('@app/server-kit/tracing');
  startTracing({ serviceName: 'tracker' });
}
await import(new URL('./thread-entry.ts', import.meta.url).href);
