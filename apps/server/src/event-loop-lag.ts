/** Windows the lag is judged over. */
export const WINDOWS = 4;
/** How many of them must have lagged for the lag to count as sustained. */
export const LAGGED_WINDOWS = 2;

/**
 * The event loop's lag, measured in windows and judged on more than one of them.
 *
 * One stall, however long, is over by the time it is measured: its backlog is already being
 * served, and refusing requests then turns away work the instance has time for. The lag is
 * sustained at the level LAGGED_WINDOWS of the last WINDOWS windows reached; a single window
 * measures when its sample happens to run, so a loop that lags at every turn still shows the
 * odd window on time, which must not end the shedding.
 */
export class EventLoopLag {
  private readonly recent: number[] = [];

  /** Takes one window's lag in ms. */
  record(lagMs: number): void {
    this.recent.push(Number.isFinite(lagMs) ? Math.max(0, lagMs) : 0);
    if (this.recent.length > WINDOWS) this.recent.shift();
  }

  /** The lag at least LAGGED_WINDOWS of the last windows had (0 until there are that many). */
  get sustainedMs(): number {
    const highestFirst = [...this.recent].sort((a, b) => b - a);
    return highestFirst[LAGGED_WINDOWS - 1] ?? 0;
  }
}

/**
 * An EventLoopLag fed by a sampler's own timer: a window's lag is how late the sample that ends
 * it ran. Node's event-loop delay histogram is not used: while other timers keep the loop busy
 * it records nothing at all for whole windows (on Node 24 a loop held 250 ms at every turn left
 * 7 of 8 windows of 50 ms without a reading), and one stall right after a sample leaves the
 * next window empty; @fastify/under-pressure 9.2 counts such a window as an endless delay.
 */
export class EventLoopLagSampler {
  readonly lag = new EventLoopLag();
  private last: number;

  /** `intervalMs`: the time the sampler's timer waits between the end of one sample and the next. */
  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.last = now();
  }

  /** Closes the current window; returns the sustained lag in ms. */
  sample(): number {
    const at = this.now();
    this.lag.record(at - this.last - this.intervalMs);
    this.last = at;
    return this.lag.sustainedMs;
  }
}
