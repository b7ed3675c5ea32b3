/** Code (or anything) fetched on demand: asked for by whoever needs it first, then kept. */
export interface LoadedOnce<T> {
  /** Starts the load, or joins the one under way; after a failed load, the next call tries again. */
  load(): Promise<T>;
  /** What was loaded, or null while it has not been. */
  loaded(): T | null;
  /** Hands over what was loaded some other way (imported with its caller's own code). */
  provide(value: T): void;
}

/**
 * The onboarding's chunks that load after the first step is on screen (the flow's page, the later
 * screens, the form checks, the API client) each go through one of these: a download is made
 * once, and one that failed (offline, or a new release replaced the chunk) is made again when
 * next asked for.
 */
export function loadOnce<T>(fetch: () => Promise<T>): LoadedOnce<T> {
  let done: { value: T } | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= fetch().then(
        (value) => {
          done = { value };
          return value;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => done?.value ?? null,
    provide(value) {
      done = { value };
      loading ??= Promise.resolve(value);
    },
  };
}
