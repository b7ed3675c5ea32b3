import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from './constants.ts';
import { photoError } from './image.ts';
import { MESSAGES } from './messages.ts';
import {
  BookingForm,
  CreateHoldPayload,
  CreateUserPayload,
  CreateUserResponse,
  FeedbackPayload,
  GoalForm,
  HoldResponse,
  MAX_ROW_ID,
  NameForm,
  ONE_LINE_MESSAGE,
  PathId,
  RoleGoalForm,
  rowId,
  Team,
} from './schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('form rules carry the spec messages', () => {
  it('asks for a goal when the free-text role is blank', () => {
    expect(firstMessage(RoleGoalForm.safeParse({ focusArea: '   ' }))).toBe(MESSAGES.enterGoal);
  });

  it('treats a name of spaces as blank', () => {
    expect(NameForm.safeParse({ name: '  ' }).success).toBe(false);
    expect(NameForm.parse({ name: '  Ada ' })).toEqual({ name: 'Ada' });
  });

  it('refuses a name with a line break or another control character, and joins a goal onto one line', () => {
    const fake = 'Bob\r\n\r\nSECURITY NOTICE: sign in again at http://evil.test/login';
    expect(firstMessage(NameForm.safeParse({ name: fake }))).toBe(ONE_LINE_MESSAGE);
    for (const character of ['\u0000', '\u0007', '\u001b', '\u0085', '\u2028', '\u2029']) {
      expect(NameForm.safeParse({ name: `Bob${character}Smith` }).success).toBe(false);
    }
    expect(
      firstMessage(
        CreateUserPayload.safeParse({
          email: 'a@b.co',
          password: 'x',
          name: fake,
          goalSummary: 'Write',
          teamId: 1,
        }),
      ),
    ).toBe(ONE_LINE_MESSAGE);
    expect(GoalForm.parse({ goal: 'Write 600 words\r\n\r\nevery\tmorning ' })).toEqual({
      goal: 'Write 600 words every morning',
    });
    expect(firstMessage(GoalForm.safeParse({ goal: 'Write\u0007' }))).toBe(ONE_LINE_MESSAGE);
    expect(NameForm.parse({ name: 'Zoë Ångström-Núñez' })).toEqual({ name: 'Zoë Ångström-Núñez' });
  });

  it('checks each booking field with its own message', () => {
    const result = BookingForm.safeParse({ name: '', email: 'nope', phone: '123' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(byField).toEqual({
      name: MESSAGES.enterName,
      email: MESSAGES.validEmail,
      phone: MESSAGES.validPhone,
    });
  });

  it('asks for a valid email address, not just "Required", when the booking email is blank', () => {
    const result = BookingForm.safeParse({ name: 'A', email: '  ', phone: '5551234' });
    expect(new Set(result.error?.issues.map((issue) => issue.message))).toEqual(
      new Set([MESSAGES.validEmail]),
    );
  });

  it('accepts a phone of exactly 7 characters', () => {
    expect(BookingForm.safeParse({ name: 'A', email: 'a@b.co', phone: '5551234' }).success).toBe(
      true,
    );
  });

  it('requires name, email and feedback', () => {
    const result = FeedbackPayload.safeParse({ category: 'work' });
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'email',
      'feedback',
      'name',
    ]);
  });
});

describe('server-side payload rules', () => {
  it('requires a password without enforcing the hint (spec 5, 9) and keeps long passphrases whole', () => {
    const base = { email: 'a@b.co', name: 'A', goalSummary: 'g', teamId: 1 };
    expect(firstMessage(CreateUserPayload.safeParse({ ...base, password: '' }))).toBe(
      MESSAGES.enterPassword,
    );
    expect(CreateUserPayload.parse({ ...base, password: '1' }).password).toBe('1');
    const long = 'correct horse battery staple '.repeat(20);
    expect(CreateUserPayload.parse({ ...base, password: long }).password).toBe(long);
  });

  it('only takes plain positive integers as path ids', () => {
    expect(PathId.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', '../etc', '1%2F2', '', '12345678901']) {
      expect(PathId.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('tells the row an id names, and none for one no row can have', () => {
    expect(rowId(7)).toBe(7);
    expect(rowId(' 42 ')).toBe(42);
    expect(rowId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
    for (const none of [MAX_ROW_ID + 1, '9999999999', 'sample-team', 0, -3, 1.5, '', null]) {
      expect(rowId(none), String(none)).toBeNull();
    }
  });
});

describe('photoError', () => {
  it('refuses files over 5 MB with the spec message', () => {
    expect(photoError({ size: MAX_PHOTO_BYTES + 1, type: 'image/png' })).toBe(
      MESSAGES.photoTooLarge,
    );
    expect(photoError({ size: MAX_PHOTO_BYTES, type: 'image/png' })).toBeNull();
  });

  it('refuses files that are not images', () => {
    expect(photoError({ size: 10, type: 'application/pdf' })).toBe(MESSAGES.photoNotImage);
  });
});

describe('held slots', () => {
  it('takes a team id as a number or as digits, and nothing else', () => {
    expect(CreateHoldPayload.parse({ teamId: 7 })).toEqual({ teamId: 7 });
    expect(CreateHoldPayload.parse({ teamId: '12' })).toEqual({ teamId: 12 });
    for (const teamId of [0, -1, 1.5, '', '07', 'sample-team', '1/../2', 2 ** 31, '9999999999']) {
      expect(CreateHoldPayload.safeParse({ teamId }).success, String(teamId)).toBe(false);
    }
    expect(CreateHoldPayload.safeParse({}).success).toBe(false);
  });

  it('describes a hold with its expiry and the seconds left', () => {
    const hold = {
      id: '0b0f5f1e-8f43-4c55-9a5a-6f1d2c3b4a59',
      teamId: 3,
      expiresAt: '2030-01-01T10:10:00.000Z',
      secondsLeft: 600,
    };
    expect(HoldResponse.parse({ hold })).toEqual({ hold });
    expect(HoldResponse.safeParse({ hold: { ...hold, id: '12' } }).success).toBe(false);
    expect(HoldResponse.safeParse({ hold: { ...hold, secondsLeft: -1 } }).success).toBe(false);
  });

  it('lets a team carry its open seats, and still reads a team without them', () => {
    const team = { id: 1, name: 'A', focusAreaId: 1, focusRoleId: 7, members: [] };
    expect(Team.parse({ ...team, openSeats: 2 }).openSeats).toBe(2);
    expect(Team.parse(team).openSeats).toBeUndefined();
    expect(Team.safeParse({ ...team, openSeats: -1 }).success).toBe(false);
  });

  it('tells a pending join request from an unmatched one on sign-up', () => {
    const answer = {
      user: { id: 4 },
      joinRequestSuccess: true,
      joinRequest: { status: 'unmatched' },
    };
    expect(CreateUserResponse.parse(answer).joinRequest?.status).toBe('unmatched');
    expect(
      CreateUserResponse.safeParse({ ...answer, joinRequest: { status: 'lost' } }).success,
    ).toBe(false);
  });
});
