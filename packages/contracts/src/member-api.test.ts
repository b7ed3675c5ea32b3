import { describe, expect, it } from 'vitest';
import { NewTeamForm, PlacementForm } from './console-api.ts';
import { MESSAGES } from './messages.ts';

describe("the console's forms", () => {
  it('take a chosen id as a number or as digits, and say what to choose for anything else', () => {
    expect(PlacementForm.parse({ teamId: '12' })).toEqual({ teamId: 12 });
    for (const teamId of [undefined, 0, -1, 1.5, 'a team', 2 ** 31]) {
      const result = PlacementForm.safeParse({ teamId });
      expect(
        result.error?.issues.map((issue) => issue.message),
        String(teamId),
      ).toEqual([MESSAGES.chooseTeam]);
    }
    const team = { name: 'Writers', focusRoleId: '', capacity: 4 };
    expect(NewTeamForm.parse({ ...team, focusAreaId: '3' })).toMatchObject({
      focusAreaId: 3,
      focusRoleId: null,
    });
    const wrong = NewTeamForm.safeParse({ ...team, focusAreaId: 0 });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([
      'Please choose a focus area',
    ]);
  });
});
