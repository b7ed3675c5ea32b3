import { describe, expect, it } from 'vitest';
import { EventLoopLag, EventLoopLagSampler } from './event-loop-lag.ts';

describe('EventLoopLag', () => {
  it('takes one stall, however long, as no sustained lag', () => {
    const lag = new EventLoopLag();
    lag.record(0);
    lag.record(2900);
    expect(lag.sustainedMs).toBe(0);
    lag.record(2);
    lag.record(1);
    expect(lag.sustainedMs).toBe(2);
  });

  it('is sustained at the lag two of the last four windows reached, an odd window on time or not', () => {
    const lag = new EventLoopLag();
    lag.record(1500);
    expect(lag.sustainedMs).toBe(0);
    lag.record(1200);
    expect(lag.sustainedMs).toBe(1200);
    lag.record(40);
    lag.record(1800);
    expect(lag.sustainedMs).toBe(1500);
    // The 1500 ms window leaves the four.
    lag.record(-3);
    expect(lag.sustainedMs).toBe(1200);
    lag.record(0);
    lag.record(0);
    expect(lag.sustainedMs).toBe(0);
  });
});

describe('EventLoopLagSampler', () => {
  it("measures a window's lag as the lateness of the sample that ends it", () => {
    let clock = 1000;
    const sampler = new EventLoopLagSampler(50, () => clock);
    // A 300 ms stall right after a sample: that window ends 250 ms late, the next on time.
    clock += 300;
    expect(sampler.sample()).toBe(0);
    clock += 51;
    expect(sampler.sample()).toBe(1);
    // Late at window after window: sustained.
    clock += 450;
    expect(sampler.sample()).toBe(250);
    clock += 650;
    expect(sampler.sample()).toBe(400);
  });
});
