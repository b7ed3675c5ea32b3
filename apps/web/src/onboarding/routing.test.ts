import { describe, expect, it } from 'vitest';
import { progressOf } from './routing.ts';

describe('progressOf', () => {
  it('numbers the yes path from the role step to the confirm step', () => {
    expect(progressOf('role')).toEqual({ step: 1, of: 8 });
    expect(progressOf('team')).toEqual({ step: 2, of: 8 });
    expect(progressOf('confirm')).toEqual({ step: 8, of: 8 });
  });

  it('shows no progress off the yes path', () => {
    expect(progressOf('category')).toBeNull();
    expect(progressOf('maybe')).toBeNull();
    expect(progressOf('thank-you')).toBeNull();
  });
});
