// The tracker's thread run from TypeScript source (tests, `pnpm dev`): Node does not pass a
// loader on to worker threads, and its own type stripping refuses this source (parameter
// properties), so tsx is registered again in this one before the entry loads.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./thread-entry.ts', import.meta.url).href);
