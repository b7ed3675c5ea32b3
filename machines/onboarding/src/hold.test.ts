import { HOLD_SECONDS } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCountdown, HOLD_MS, isHoldEnding, secondsLeft } from './hold.ts';

describe('hold countdown', () => {
  it('shows m:ss', () => {
    expect(formatCountdown(HOLD_SECONDS)).toBe('10:00');
    expect(formatCountdown(599)).toBe('9:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('counts whole seconds left, rounding up and never below zero', () => {
    expect(secondsLeft(HOLD_MS, 0)).toBe(600);
    expect(secondsLeft(HOLD_MS, 1)).toBe(600);
    expect(secondsLeft(HOLD_MS, 1000)).toBe(599);
    expect(secondsLeft(HOLD_MS, HOLD_MS + 5000)).toBe(0);
  });

  it('warns at least 20 seconds before the end (WCAG 2.2.1)', () => {
    expect(isHoldEnding(HOLD_MS, HOLD_MS - 20_000)).toBe(true);
    expect(isHoldEnding(HOLD_MS, 0)).toBe(false);
  });

  it('formats every second of the hold as m:ss that reads back to the same seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: HOLD_SECONDS }), (seconds) => {
        const text = formatCountdown(seconds);
        const match = /^(\d+):(\d\d)$/.exec(text);
        expect(match).not.toBeNull();
        expect(Number(match?.[1]) * 60 + Number(match?.[2])).toBe(seconds);
      }),
    );
  });
});
