import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { nextSlot, type Weekday, yieldToLoop } from './schedule.ts';

const WEEKDAYS: Weekday[] = [1, 2, 3, 4, 5];
const at = (iso: string) => new Date(iso);

describe('next info-call slot at 13:00 America/Denver', () => {
  it('is today at 13:00 when that is still ahead, else the next scheduled day', () => {
    // Monday 23 November 2026, 12:59:59 MST.
    expect(nextSlot(at('2026-11-23T19:59:59Z'), WEEKDAYS).toISOString()).toBe(
      '2026-11-23T20:00:00.000Z',
    );
    // Exactly 13:00 has passed for booking purposes: Tuesday.
    expect(nextSlot(at('2026-11-23T20:00:00Z'), WEEKDAYS).toISOString()).toBe(
      '2026-11-24T20:00:00.000Z',
    );
  });

  it('skips days off: Friday afternoon gives Monday', () => {
    expect(nextSlot(at('2026-11-27T21:00:00Z'), WEEKDAYS).toISOString()).toBe(
      '2026-11-30T20:00:00.000Z',
    );
  });

  it("uses Denver's calendar, not UTC's: Monday evening in Denver is already Tuesday in UTC", () => {
    // 18:00 MST Monday = 01:00 UTC Tuesday; Tuesday's 13:00 is still ahead.
    expect(nextSlot(at('2026-11-24T01:00:00Z'), [2]).toISOString()).toBe(
      '2026-11-24T20:00:00.000Z',
    );
  });

  it('moves from 20:00 UTC to 19:00 UTC across the March change (8 March 2026)', () => {
    // Friday 6 March, after the slot, MST (UTC-7).
    expect(nextSlot(at('2026-03-06T21:00:00Z'), WEEKDAYS).toISOString()).toBe(
      '2026-03-09T19:00:00.000Z',
    );
    // On the day of the change itself.
    expect(nextSlot(at('2026-03-08T08:30:00Z'), [0]).toISOString()).toBe(
      '2026-03-08T19:00:00.000Z',
    );
    // Just before the change, the next Sunday slot is after it.
    expect(nextSlot(at('2026-03-08T08:59:00Z'), [0]).toISOString()).toBe(
      '2026-03-08T19:00:00.000Z',
    );
  });

  it('moves from 19:00 UTC to 20:00 UTC across the November change (1 November 2026)', () => {
    // Friday 30 October, after the slot, MDT (UTC-6).
    expect(nextSlot(at('2026-10-30T20:00:00Z'), WEEKDAYS).toISOString()).toBe(
      '2026-11-02T20:00:00.000Z',
    );
    expect(nextSlot(at('2026-11-01T07:30:00Z'), [0]).toISOString()).toBe(
      '2026-11-01T20:00:00.000Z',
    );
    expect(nextSlot(at('2026-10-31T12:00:00Z'), [6]).toISOString()).toBe(
      '2026-10-31T19:00:00.000Z',
    );
  });

  it('always lands on 13:00 Denver wall-clock time on a scheduled weekday, all year', () => {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Denver',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    });
    const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const schedule: Weekday[] = [2, 4];
    for (let h = 0; h < 366 * 24; h += 7) {
      const now = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);
      const slot = nextSlot(now, schedule);
      expect(slot.getTime()).toBeGreaterThan(now.getTime());
      expect(slot.getTime() - now.getTime()).toBeLessThanOrEqual(6 * 86_400_000);
      const parts = Object.fromEntries(fmt.formatToParts(slot).map((p) => [p.type, p.value]));
      expect(`${parts.hour}:${parts.minute}`).toBe('13:00');
      expect(schedule.map((d) => names[d])).toContain(parts.weekday);
    }
  });

  it('refuses an empty schedule', () => {
    expect(() => nextSlot(new Date(), [])).toThrow(/no weekdays/);
  });
});

describe('a turn for the event loop between two batches', () => {
  /** Holds the thread for `ms`, as a batch of a schedule does. */
  const hold = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {}
  };

  it('serves a timer that fell due during a batch before the next batch, whatever phase it began in', async () => {
    const phases: [string, () => Promise<unknown>][] = [
      // An answer from the file system: the poll phase, where requests and queries are answered.
      ['poll', () => readFile(new URL(import.meta.url))],
      ['check', () => new Promise((resolve) => setImmediate(resolve))],
      ['timers', () => new Promise((resolve) => setTimeout(resolve, 0))],
    ];
    for (const [phase, enter] of phases) {
      await enter();
      let served = false;
      setTimeout(() => {
        served = true;
      }, 0);
      hold(3);
      await yieldToLoop();
      expect({ phase, served }).toEqual({ phase, served: true });
    }
  });
});
