import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The files run one after another in one module graph instead of loading zod and the
    // contracts afresh for each: they are pure functions and schemas, with nothing a file leaves.
    isolate: false,
  },
});
