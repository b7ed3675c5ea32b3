import { HOLD_SECONDS } from '@app/contracts';
import { selectHold } from '@app/onboarding';
import { MODEL_DATA } from '@app/onboarding/testing/events';
import { describe, expect, it } from 'vitest';
import { choicesFor, shortestPaths, step } from './sandbox.ts';
import { TRANSITIONS } from './views.ts';

describe('the studio sandbox', () => {
  const paths = shortestPaths();

  it('reaches the team step as a prospect does: a real team, its seat held for the whole hold', () => {
    const path = paths.get('matched.step.team');
    expect(path).toBeDefined();
    if (path === undefined) return;
    expect(path.snapshot.context.team?.name).toBe(MODEL_DATA.team.name);
    expect(selectHold(path.snapshot)).toMatchObject({
      status: 'counting',
      secondsLeft: HOLD_SECONDS,
    });
    // No time-out and no failed call on the way.
    expect(
      path.steps.map((s) => s.event.type).filter((t) => /^xstate\.(after|error)\./.test(t)),
    ).toEqual([]);
  });

  it("shows the fake team's members without photos no site serves", () => {
    const team = paths.get('matched.step.team')?.snapshot.context.team;
    expect(team?.members.length).toBeGreaterThan(0);
    for (const member of team?.members ?? []) expect(member.photo ?? null).toBeNull();
  });

  it('still reaches the states only a time-out or a failed call leads to', () => {
    for (const id of ['matched.hold.none', 'matched.hold.taken', 'thankYou', 'noThankYou']) {
      expect(paths.has(id), id).toBe(true);
    }
    const sample = paths.get('matched.hold.none');
    expect(sample?.snapshot.context.team?.name).not.toBe(MODEL_DATA.team.name);
  });

  it("fast-forwards the team step's hold to its warning, then to its end", () => {
    const team = paths.get('matched.step.team');
    if (team === undefined) throw new Error('no path to the team step');
    const warning = choicesFor(team.snapshot).find((c) => c.label === "Jump to the hold's warning");
    expect(warning?.outcome).toBe('stays, hold ending');
    if (warning === undefined) return;
    const jump = step(team.snapshot, warning.event, warning.label);
    const ending = jump.after;
    // The arrow into the warning is the one taken (the diagram flashes it).
    expect(
      jump.taken.map((id) => TRANSITIONS.get(id)).map((t) => `${t?.source}>${t?.targets[0]}`),
    ).toContain('matched.hold.live.counting>matched.hold.live.ending');
    expect(selectHold(ending)).toMatchObject({ status: 'ending', countdown: '1:00' });
    const end = choicesFor(ending).find((c) => c.label === "Jump to the hold's end");
    if (end === undefined) throw new Error("no jump to the hold's end");
    const expired = step(ending, end.event, end.label).after;
    expect(expired.matches({ matched: { hold: 'expired' } })).toBe(true);
  });

  it('offers no hold jumps once the flow has left the team steps', () => {
    const confirm = paths.get('confirm.editing');
    if (confirm === undefined) throw new Error('no path to confirm');
    expect(confirm.snapshot.context.holdExpiresAt).not.toBeNull();
    expect(choicesFor(confirm.snapshot).map((c) => c.label)).not.toContain(
      "Jump to the hold's warning",
    );
  });
});
