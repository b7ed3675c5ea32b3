import { RetryLaterError } from '@app/server-kit';

/** The answer when the queue is full: nothing was written, so trying again later is safe. */
export class BusyError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(
      'SIGNUP_BUSY',
      'Many people are signing up right now. Please try again in a few seconds.',
      retryAfterSeconds,
    );
  }
}

/**
 * Runs at most `concurrency` jobs at once and keeps at most `maxWaiting` more waiting; a job that
 * finds the waiting line full is refused with BusyError at once, before it does anything.
 *
 * Sign-ups go through one of these: each password hash takes a core for tens of milliseconds (on
 * the hashing threads, see password.ts), so unbounded hashing would take the machine's cores from
 * the rest of the site.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Moving average of how long a job takes, in ms, for Retry-After and equal answer times. */
  private averageMs: number;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    initialEstimateMs = 50,
  ) {
    this.averageMs = initialEstimateMs;
  }

  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** What a typical job has taken lately, in ms. */
  typicalMs(): number {
    return this.averageMs;
  }

  /** Feeds the average with the duration of a job that did the full work. */
  record(ms: number) {
    this.averageMs = this.averageMs * 0.8 + Math.min(ms, 10_000) * 0.2;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new BusyError(this.retryAfterSeconds());
      // The slot is handed over by the job that finishes, so `running` does not change.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length;
    return Math.max(1, Math.ceil(((ahead / this.concurrency) * this.averageMs) / 1000));
  }
}

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
