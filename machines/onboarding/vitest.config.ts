import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The files run one after another in one module graph instead of loading the machine, xstate
    // and the model kit afresh for each. The machine's tests put the real timers back after each
    // test, and nothing else a file does outlives it.
    isolate: false,
  },
});
